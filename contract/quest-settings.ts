import { z } from "zod";
import { AmountSchema, ProductIdSchema, VersionSchema } from "./products";
import { QUEST_KINDS, QUEST_PRIZE_KINDS, QUEST_STATUSES } from "./quests";
import { IST_OFFSET_MS } from "./time";

// India Standard Time has no daylight saving: a fixed +05:30 offset turns a typed local time into an instant.
const IST_OFFSET = "+05:30";

/** A `datetime-local` value typed in India time ("2026-12-01T18:00"), or empty for none. */
export const IndiaDateTimeSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(value);
    const instant = match ? new Date(`${match[1]}T${match[2]}:00${IST_OFFSET}`) : null;
    if (!instant || Number.isNaN(instant.getTime())) {
      ctx.addIssue({ code: "custom", message: "Enter a date and time, e.g. 2026-12-01 18:00 (India time)." });
      return z.NEVER;
    }
    return instant;
  });

/** An instant as the `datetime-local` value of India time, for a form's default. */
export function toIndiaDateTimeInput(instant: Date | string | null): string {
  if (!instant) return "";
  const shifted = new Date(new Date(instant).getTime() + IST_OFFSET_MS);
  return shifted.toISOString().slice(0, 16);
}

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional().default("");

/**
 * The admin's quest settings (Quests → a quest → Settings): what makes a quest module public and
 * how its prize is paid. Fields a prize kind does not use are ignored.
 */
export const QuestSettingsSchema = z
  .object({
    status: z.enum(QUEST_STATUSES, "Choose a status."),
    kind: z.enum(QUEST_KINDS, "Choose submission or flag."),
    opens_at: IndiaDateTimeSchema.prefault(""),
    deadline: IndiaDateTimeSchema.prefault(""),
    rules: optionalText(20_000),
    prize_kind: z.enum(QUEST_PRIZE_KINDS, "Choose how the prize is paid."),
    prize_amount: z
      .union([z.literal(""), AmountSchema])
      .optional()
      .default(""),
    prize_product_id: z
      .union([z.literal(""), ProductIdSchema])
      .optional()
      .default(""),
    prize_version: z
      .union([z.literal(""), VersionSchema])
      .optional()
      .default(""),
    prize_percent: z
      .union([z.literal(""), z.coerce.number("Enter a percentage.").int("Use a whole number.").min(1).max(100)])
      .optional()
      .default(""),
    winners: z.coerce.number("Enter how many prizes.").int("Use a whole number.").min(1, "At least 1.").max(100, "At most 100."),
    flag: optionalText(200),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.opens_at && v.deadline && v.deadline <= v.opens_at) need("deadline", "The deadline must come after the opening time.");
    if (v.prize_kind === "licence" && !v.prize_product_id) need("prize_product_id", "Choose the product whose licence is the prize.");
    if (v.prize_kind === "licence" && !v.prize_version) need("prize_version", "Enter the version whose licence is the prize.");
    if (v.prize_kind === "coupon" && !v.prize_product_id) need("prize_product_id", "Choose the product the coupon is for.");
    if (v.prize_kind === "coupon" && v.prize_percent === "") need("prize_percent", "Enter the percentage off.");
  });
export type QuestSettingsInput = z.input<typeof QuestSettingsSchema>;
export type QuestSettings = z.output<typeof QuestSettingsSchema>;

/** A quest as the public pages and the admin's settings screen read it. */
export type QuestDetail = {
  id: number;
  title: string;
  description: string;
  prize: string;
  status: (typeof QUEST_STATUSES)[number];
  kind: (typeof QUEST_KINDS)[number];
  opensAt: string | null;
  deadline: string | null;
  rules: string;
  prizeKind: (typeof QUEST_PRIZE_KINDS)[number];
  prizeAmountPaise: number | null;
  prizeProductId: string | null;
  prizeVersion: string | null;
  prizePercent: number | null;
  winners: number;
  hasFlag: boolean;
  submissions: number;
  createdAt: string;
};
