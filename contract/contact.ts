import { z } from "zod";
import { ORG_TYPES } from "./contact-messages";

export { CONTACT_MESSAGES, ORG_TYPES } from "./contact-messages";

// Names and e-mails go into mail headers (subject, Reply-To): a line break there could add a header,
// so CR/LF (and other control characters) are refused rather than stripped.
const hasControl = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const oneLine = (s: z.ZodString) => s.refine((v) => !hasControl(v), "Line breaks and control characters are not allowed.");
const name = oneLine(z.string().trim().min(1, "Enter your name.").max(200, "At most 200 characters."));
const email = oneLine(z.string().trim().max(254, "At most 254 characters.")).pipe(z.email("Enter a valid e-mail address."));
const message = z.string().trim().min(1, "Enter a message.").max(5000, "At most 5000 characters.");
// Honeypot: hidden from people, filled in by bots. Truthy = answer 201 but store nothing.
const botcheck = z.unknown().optional();

/** The home page form. */
export const ContactGeneralSchema = z.object({ name, email, message, botcheck });
export type ContactGeneral = z.infer<typeof ContactGeneralSchema>;

/** The CAMPUS "Make a Request" form. `otherType` is required only when orgType is "others". */
export const CampusContactSchema = z
  .object({
    name,
    email,
    orgType: z.enum(ORG_TYPES, "Choose an organisation type."),
    orgName: oneLine(z.string().trim().max(200, "At most 200 characters.")).optional().default(""),
    otherType: oneLine(z.string().trim().max(200, "At most 200 characters.")).optional().default(""),
    message,
    botcheck,
  })
  .superRefine((value, ctx) => {
    if (value.orgType === "others" && !value.otherType) {
      ctx.addIssue({ code: "custom", path: ["otherType"], message: "Tell us what type of organisation this is." });
    }
  });
export type CampusContact = z.infer<typeof CampusContactSchema>;

/** POST /api/contact-general takes either form; the presence of `orgType` marks the campus form. */
export const ContactSchema = z.union([CampusContactSchema, ContactGeneralSchema]);
export const isCampusInput = (input: unknown) => typeof input === "object" && input !== null && "orgType" in input;

export const MESSAGE_STATUSES = ["new", "read", "archived"] as const;
export const MESSAGE_SOURCES = ["general", "campus"] as const;

/** GET /api/admin/messages query. */
export const MessageListQuerySchema = z.object({
  /** Words found in the name, e-mail address or message (case-insensitive). */
  q: z.string().trim().max(100, "At most 100 characters.").optional(),
  source: z.enum(MESSAGE_SOURCES).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

export const ContactMessageSchema = z.object({
  id: z.number(),
  source: z.enum(MESSAGE_SOURCES),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  orgType: z.string().nullable(),
  orgName: z.string().nullable(),
  otherType: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const MessageListSchema = z.object({
  status: z.literal("success"),
  messages: z.array(ContactMessageSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type MessageList = z.infer<typeof MessageListSchema>;

/** POST /api/admin/messages/bulk: one action on up to 100 messages. */
export const MESSAGE_BULK_ACTIONS = ["read", "archived", "delete"] as const;
export const MessageBulkSchema = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1, "Choose at least one message.").max(100, "At most 100 messages at once."),
  action: z.enum(MESSAGE_BULK_ACTIONS),
});
export type MessageBulk = z.infer<typeof MessageBulkSchema>;
/** What a bulk action says it did, e.g. "3 messages marked read." (the API's answer and the Messages screen's toast). */
export const bulkDoneMessage = (action: MessageBulk["action"], affected: number) =>
  `${affected} message${affected === 1 ? "" : "s"} ${action === "delete" ? "deleted" : `marked ${action}`}.`;
export const MessageBulkDoneSchema = z.object({ status: z.literal("success"), message: z.string(), affected: z.number().int() });

/** The message a PATCH or DELETE /api/admin/messages/:id names (and the Messages screen's form field). */
export const MessageIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** PATCH /api/admin/messages/:id */
export const MessageStatusUpdateSchema = z.object({ status: z.enum(MESSAGE_STATUSES) });

/** PATCH /api/admin/messages/:id answer. */
export const MessageStatusUpdatedSchema = z.object({
  status: z.literal("success"),
  message: z.string(),
  contactMessage: ContactMessageSchema,
});
