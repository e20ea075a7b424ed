import { z } from "zod";
import { AmountSchema } from "./products";
import { QUEST_SUBMISSION_STATES } from "./quests";

export type QuestSubmissionState = (typeof QUEST_SUBMISSION_STATES)[number];

/**
 * The admin's moves (docs/decisions/109-quest-review-and-prizes.md). `needs_info` back to
 * `submitted` is the participant's answer, not the admin's.
 */
export const ADMIN_MOVES: Record<QuestSubmissionState, readonly QuestSubmissionState[]> = {
  submitted: ["triaged"],
  triaged: ["accepted", "duplicate", "invalid", "needs_info"],
  accepted: ["paid"],
  needs_info: [],
  duplicate: [],
  invalid: [],
  paid: [],
};

export const SUBMISSION_STATE_LABELS: Record<QuestSubmissionState, string> = {
  submitted: "Submitted",
  triaged: "Triaged",
  accepted: "Accepted",
  duplicate: "Duplicate",
  invalid: "Invalid",
  needs_info: "Needs information",
  paid: "Paid",
};

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

/** POST /api/admin/quests/:questId/submissions/:id/state; the cash fields only when paying a cash prize. */
export const SubmissionMoveSchema = z.object({
  state: z.enum(QUEST_SUBMISSION_STATES, "Choose a state."),
  note: text(2000).optional().default(""),
  cash_method: text(100).optional().default(""),
  cash_reference: text(200).optional().default(""),
  cash_amount: z
    .union([z.literal(""), AmountSchema])
    .optional()
    .default(""),
  cash_paid_on: z
    .union([z.literal(""), z.iso.date("Enter the day as YYYY-MM-DD.")])
    .optional()
    .default(""),
});
export type SubmissionMove = z.infer<typeof SubmissionMoveSchema>;

export const ReviewedSubmissionSchema = z.object({
  id: z.number(),
  quest_id: z.number(),
  state: z.enum(QUEST_SUBMISSION_STATES),
  public_note: z.string().nullable(),
  first_answer_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  prize_order_id: z.number().nullable(),
  prize_coupon_code: z.string().nullable(),
});
export type ReviewedSubmission = z.infer<typeof ReviewedSubmissionSchema>;
export const SubmissionMovedSchema = z.object({ status: z.literal("success"), submission: ReviewedSubmissionSchema });

/** One row of the admin's Submissions section. */
export type SubmissionRow = {
  id: number;
  displayName: string | null;
  email: string;
  state: QuestSubmissionState;
  body: string;
  links: string[];
  attachment: { name: string; size: number } | null;
  publicNote: string | null;
  createdAt: string;
  updatedAt: string;
  firstAnswerAt: string | null;
  paidAt: string | null;
  paid: string | null;
};
