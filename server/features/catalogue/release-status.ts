import type { ReleaseStatus, ReleaseStatusChange } from "../../../contract/release-status";
import { ConflictError, InvalidInputError } from "../../platform/errors";

type Stored = { status: string; publishedAt: Date | null; yankReason: string | null };

/** The columns a status change writes, and the status the row must still have for the write to apply. */
export type StatusWrite = { set: { status?: string; publishedAt?: Date; yankReason?: string | null }; from: string | null };

/**
 * Checks a change of release status against the stored row. A draft is published (stamped now, once);
 * a published release is yanked with a reason; a yanked one is published again (its first date kept).
 * A released version never goes back to draft: customers may have it already.
 */
export function statusWrite(stored: Stored, change: ReleaseStatusChange, now: Date): StatusWrite {
  const next = change.status;
  if (next === undefined || next === stored.status) {
    if (change.yank_reason === undefined) return { set: {}, from: null };
    const target = next ?? stored.status;
    if (target !== "yanked") {
      const message = "Only a yanked release has a reason.";
      throw new InvalidInputError(message, { yank_reason: message });
    }
    if (!change.yank_reason)
      throw new InvalidInputError("Say why the release is withdrawn.", { yank_reason: "Say why the release is withdrawn." });
    return { set: { yankReason: change.yank_reason }, from: stored.status };
  }
  const allowed: Record<ReleaseStatus, string[]> = { draft: [], published: ["draft", "yanked"], yanked: ["published"] };
  if (!allowed[next].includes(stored.status)) {
    throw new ConflictError(
      next === "draft" ? "A released version cannot go back to draft; yank it instead." : `A ${stored.status} release cannot be ${next}.`,
      { status: `Not from ${stored.status}.` },
    );
  }
  if (next === "yanked") return { set: { status: next, yankReason: change.yank_reason }, from: stored.status };
  if (change.yank_reason) {
    const message = "Only a yanked release has a reason.";
    throw new InvalidInputError(message, { yank_reason: message });
  }
  return { set: { status: next, yankReason: null, ...(stored.publishedAt ? {} : { publishedAt: now }) }, from: stored.status };
}

/** The status fields of an answer. */
export const releaseState = (row: Stored) => ({
  status: row.status as ReleaseStatus,
  published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
  yank_reason: row.yankReason,
});
