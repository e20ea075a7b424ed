import { z } from "zod";

export const QUEST_STATUSES = ["draft", "open", "judging", "closed"] as const;
export const QUEST_KINDS = ["submission", "flag"] as const;
export const QUEST_PRIZE_KINDS = ["cash", "licence", "coupon"] as const;
export const QUEST_SUBMISSION_STATES = ["submitted", "triaged", "accepted", "duplicate", "invalid", "needs_info", "paid"] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** The form's line-break marker: "\n" typed as two characters becomes a line break when shown. */
export const LINE_BREAK_MARKER = "\\n";

export const QuestCreateSchema = z.object({
  title: z.string().trim().min(1, "Enter a title.").max(200, "At most 200 characters."),
  description: z.string().trim().min(1, "Enter a description.").max(5000, "At most 5000 characters."),
  prize: z.string().trim().min(1, "Enter a prize, e.g. $12.").max(50, "At most 50 characters."),
});
export type QuestCreate = z.infer<typeof QuestCreateSchema>;

/** PATCH /api/admin/quests/:id: any of the fields (at least one). */
export const QuestUpdateSchema = QuestCreateSchema.partial().refine((v) => Object.keys(v).length > 0, "Change at least one field.");
export type QuestUpdate = z.infer<typeof QuestUpdateSchema>;

export const QuestSchema = z.object({ id: z.number(), title: z.string(), description: z.string(), prize: z.string() });
export type Quest = z.infer<typeof QuestSchema>;

export const QuestCreatedSchema = z.object({ status: z.literal("success"), quest: QuestSchema });
export const QuestUpdatedSchema = QuestCreatedSchema;
/** GET /api/devquests: newest first, at most 100. */
export const QuestListSchema = z.object({ status: z.literal("success"), quests: z.array(QuestSchema.extend({ createdAt: z.string() })) });

export const QUEST_MESSAGES = { success: "Module added successfully!", failure: "Failed to add module." } as const;
