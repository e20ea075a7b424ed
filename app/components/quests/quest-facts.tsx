import { LINE_BREAK_MARKER } from "../../../contract/quests";
import { formatInrMinor } from "../../../contract/money";

/** A quest as the public pages show it (loaded by app/routes/public/quests.server.ts). */
export type QuestView = {
  id: number;
  title: string;
  description: string;
  prize: string;
  status: "draft" | "open" | "judging" | "closed";
  kind: "submission" | "flag";
  opensAt: string | null;
  deadline: string | null;
  prizeKind: "cash" | "licence" | "coupon";
  prizeAmountPaise: number | null;
  prizeProductName: string | null;
  prizeVersion: string | null;
  prizePercent: number | null;
  winners: number;
  submissions: number;
  winnerNames: string[];
};

/** What the prize is and how it is paid, in one sentence. */
export function prizeLine(
  q: Pick<QuestView, "prize" | "prizeKind" | "prizeAmountPaise" | "prizeProductName" | "prizeVersion" | "prizePercent" | "winners">,
) {
  const each = q.winners > 1 ? ` for each of ${q.winners} winners` : "";
  if (q.prizeKind === "licence") return `A free licence of ${q.prizeProductName ?? "our product"} ${q.prizeVersion ?? ""}`.trim() + each;
  if (q.prizeKind === "coupon") return `${q.prizePercent ?? 0}% off ${q.prizeProductName ?? "our product"}` + each;
  return (q.prizeAmountPaise ? `${q.prize} (${formatInrMinor(q.prizeAmountPaise)})` : q.prize) + each;
}

export const STATUS_LABEL: Record<QuestView["status"], string> = {
  draft: "Draft",
  open: "Open",
  judging: "Judging",
  closed: "Closed",
};

const SUBMISSION_STATE_LABEL: Record<string, string> = {
  submitted: "Submitted: waiting for review",
  triaged: "Triaged: under review",
  accepted: "Accepted",
  duplicate: "Duplicate",
  invalid: "Not valid",
  needs_info: "We need more information: edit your submission",
  paid: "Accepted and paid",
};

/** A submission's state in the participant's words (the admin screens use contract/quest-review.ts's). */
export const submissionStateLabel = (state: string) => SUBMISSION_STATE_LABEL[state] ?? state;

/** Whether a quest takes part now: open, opened, and before its deadline. */
export function takesPart(q: Pick<QuestView, "status" | "opensAt">, now: Date): "open" | "not_yet" | "over" {
  if (q.status !== "open") return "over";
  return q.opensAt && Date.parse(q.opensAt) > now.getTime() ? "not_yet" : "open";
}

/** The description with the form's line-break marker (and real newlines) as line breaks. */
export function QuestText({ text, className }: { text: string; className?: string }) {
  const lines = text.split(LINE_BREAK_MARKER).flatMap((part) => part.split("\n"));
  return (
    <p className={className}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </p>
  );
}
