import { z } from "zod";

// Names, e-mails and titles go into mail headers (subject, Reply-To): a line break there could add a
// header, so CR/LF (and other control characters) are refused rather than stripped.
const hasControl = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const oneLine = (s: z.ZodString) => s.refine((v) => !hasControl(v), "Line breaks and control characters are not allowed.");
// A form sends "" for a field left empty: the same as leaving it out.
const optionalText = (s: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), s.optional());
// A checkbox posts "on"; JSON callers send a boolean.
const tick = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional();

export const SECURITY_REPORT_LIMITS = { title: 200, details: 20_000 } as const;

/** POST /api/security/reports and the /security form. `botcheck` is the honeypot: truthy = answer 201, store nothing. */
export const SecurityReportSchema = z
  .object({
    name: optionalText(oneLine(z.string().trim().max(200, "At most 200 characters."))),
    email: oneLine(z.string().trim().max(254, "At most 254 characters.")).pipe(z.email("Enter a valid e-mail address.")),
    title: oneLine(z.string().trim().min(1, "Give the report a title.").max(SECURITY_REPORT_LIMITS.title, "At most 200 characters.")),
    details: z.string().trim().min(1, "Describe the vulnerability.").max(SECURITY_REPORT_LIMITS.details, "At most 20,000 characters."),
    product_id: optionalText(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "Choose a product from the list."),
    ),
    version: optionalText(oneLine(z.string().trim().max(50, "At most 50 characters."))),
    /** "Credit me publicly": the name is shown on /security/thanks once the report is fixed or closed. */
    credit: tick,
    botcheck: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.credit && !value.name)
      ctx.addIssue({ code: "custom", path: ["name"], message: "Give the name to credit, or untick the credit." });
  });
export type SecurityReportInput = z.infer<typeof SecurityReportSchema>;

export const SecurityReportCreatedSchema = z.object({
  status: z.literal("success"),
  message: z.string(),
});

export const SECURITY_REPORT_STATUSES = ["received", "triaged", "fixed", "closed"] as const;
export type SecurityReportStatus = (typeof SECURITY_REPORT_STATUSES)[number];

export const SECURITY_STATUS_TEXT: Record<SecurityReportStatus, string> = {
  received: "Received: we have it and will answer within 3 working days.",
  triaged: "Triaged: we have confirmed and rated it, and are working on a fix.",
  fixed: "Fixed: a fix is released.",
  closed: "Closed: nothing more will be done on this report.",
};

/** The admin's change to one report: a new status, a public reply (mailed once), a private note; any of them. */
export const SecurityReportUpdateSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    status: z.enum(SECURITY_REPORT_STATUSES, "Choose a status.").optional(),
    reply: optionalText(z.string().trim().max(10_000, "At most 10,000 characters.")),
    note: optionalText(z.string().trim().max(10_000, "At most 10,000 characters.")),
  })
  .superRefine((value, ctx) => {
    if (!value.status && !value.reply && !value.note)
      ctx.addIssue({ code: "custom", path: ["reply"], message: "Change the status or write a reply or a note." });
  });
export type SecurityReportUpdate = z.infer<typeof SecurityReportUpdateSchema>;

export const SecurityReportListQuerySchema = z.object({
  status: z.enum(SECURITY_REPORT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
