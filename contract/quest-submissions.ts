import { z } from "zod";
import { QUEST_SUBMISSION_STATES } from "./quests";

export const QUEST_TEXT_MAX = 10_000;
export const QUEST_LINKS_MAX = 5;
export const QUEST_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const httpLink = z
  .string()
  .trim()
  .max(2000, "A link is at most 2000 characters.")
  .url("Each link must be a full http(s) address.")
  .refine((v) => /^https?:\/\//i.test(v), "Each link must start with http:// or https://.");

/** A participant's submission: JSON, or the same fields in a multipart form with an optional `file`. */
export const QuestSubmissionInputSchema = z.object({
  body: z.string().max(QUEST_TEXT_MAX, `At most ${QUEST_TEXT_MAX} characters.`).default(""),
  links: z.array(httpLink).max(QUEST_LINKS_MAX, `At most ${QUEST_LINKS_MAX} links.`).default([]),
  /** Needed at the first submission of a participant with no display name yet. */
  display_name: z.string().trim().max(60, "At most 60 characters.").optional(),
  /** Consent to be named on the quest pages and the hall of fame. */
  public_credit: z.boolean().optional(),
  /** Change the participant's own submission instead of making one (as PUT does). */
  edit: z.boolean().optional(),
});
export type QuestSubmissionInput = z.infer<typeof QuestSubmissionInputSchema>;

export const QuestFlagInputSchema = z.object({ flag: z.string().min(1, "Enter the flag.").max(500, "At most 500 characters.") });

/**
 * What a paid submission won, as the participant's account shows it: the licence's order (its key is
 * in that order's licence), the coupon's code, or the cash payment the admin recorded (amount in rupees).
 */
export const QuestPrizeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("licence"),
    order_id: z.number(),
    licence_id: z.number().nullable(),
    product_name: z.string(),
    version: z.string(),
  }),
  z.object({ kind: z.literal("coupon"), code: z.string(), percent: z.number(), product_name: z.string(), version: z.string() }),
  z.object({ kind: z.literal("cash"), method: z.string(), reference: z.string(), amount: z.number(), paid_on: z.string() }),
]);
export type QuestPrize = z.infer<typeof QuestPrizeSchema>;

export const QuestSubmissionSchema = z.object({
  id: z.number(),
  questId: z.number(),
  questTitle: z.string(),
  state: z.enum(QUEST_SUBMISSION_STATES),
  body: z.string(),
  links: z.array(z.string()),
  attachment: z.object({ name: z.string(), size: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The team's note of the last review step, null before any or when that step had none. */
  publicNote: z.string().nullable(),
  /** Set once the submission is paid. */
  prize: QuestPrizeSchema.nullable(),
});
export type QuestSubmission = z.infer<typeof QuestSubmissionSchema>;

export const QuestSubmissionAnswerSchema = z.object({ status: z.literal("success"), submission: QuestSubmissionSchema });
export const MyQuestSubmissionsSchema = z.object({ status: z.literal("success"), submissions: z.array(QuestSubmissionSchema) });
