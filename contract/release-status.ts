import { z } from "zod";

/** A version or patch is a draft (admin only), published (public, dated) or yanked (withdrawn, with a reason). */
export const RELEASE_STATUSES = ["draft", "published", "yanked"] as const;
export const ReleaseStatusSchema = z.enum(RELEASE_STATUSES, "Choose draft, published or yanked.");
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

export const YankReasonSchema = z.string().trim().max(300, "At most 300 characters.");

/** The status fields an edit of a version or patch may carry. */
export const ReleaseStatusChangeSchema = z.object({ status: ReleaseStatusSchema, yank_reason: YankReasonSchema });
export type ReleaseStatusChange = Partial<z.infer<typeof ReleaseStatusChangeSchema>>;

export const YANK_NEEDS_REASON = "Say why the release is withdrawn.";

/** A yank needs its reason, said on the yank_reason field. */
export function yankReasonIssue(patch: ReleaseStatusChange): string | null {
  return patch.status === "yanked" && !patch.yank_reason ? YANK_NEEDS_REASON : null;
}

/** The status as the admin and public answers show it. */
export const ReleaseStateSchema = z.object({
  status: ReleaseStatusSchema,
  published_at: z.string().nullable(),
  yank_reason: z.string().nullable(),
});
