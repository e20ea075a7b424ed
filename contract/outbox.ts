import { z } from "zod";

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/** GET /api/admin/outbox query. */
export const OutboxListQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;

/** One outbox mail as the admin list shows it (no body: see the preview call). */
export const OutboxItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  messageId: z.string(),
  to: z.array(z.string()),
  replyTo: z.string().nullable(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** What the admin reads: "sent", "failed", "queued", "retrying", or "not sent (no SMTP configured)". */
  statusLabel: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxListSchema = z.object({
  items: z.array(OutboxItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** GET /api/admin/outbox/:id: the mail as it is (or would be) sent. */
export const OutboxPreviewSchema = z.object({
  item: OutboxItemSchema,
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  html: z.string(),
  text: z.string(),
});
export type OutboxPreview = z.infer<typeof OutboxPreviewSchema>;

/** POST /api/admin/outbox/:id/resend answer. */
export const OutboxResentSchema = z.object({ status: z.literal("success"), message: z.string(), item: OutboxItemSchema });
export type OutboxResent = z.infer<typeof OutboxResentSchema>;

/** The outbox mail a preview or a Resend names (the API's path parameter, the Outbox form's field). */
export const OutboxIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type OutboxIdParams = z.infer<typeof OutboxIdParamsSchema>;

/** The Outbox's "Send a test mail" form: the one address the test mail goes to. */
export const OutboxTestMailSchema = z.object({
  to: z.string().trim().max(254, "At most 254 characters.").pipe(z.email("Enter a valid e-mail address.")),
});
export type OutboxTestMail = z.infer<typeof OutboxTestMailSchema>;
