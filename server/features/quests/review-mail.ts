import { SUBMISSION_STATE_LABELS, type QuestSubmissionState } from "../../../contract/quest-review";
import { formatInrMinor } from "../../../contract/money";
import { formatDay } from "../../../contract/time";
import type { questSubmissions } from "../../platform/db/schema";

const SENTENCES: Record<QuestSubmissionState, string> = {
  submitted: "Your submission is back with us.",
  triaged: "We have looked at your submission and it is now being judged.",
  accepted: "Your submission is accepted: it is one of this quest's winners.",
  duplicate: "Your submission repeats one we had already received.",
  invalid: "Your submission does not meet the quest's rules.",
  needs_info: "We need more information about your submission. Please answer on the quest's page.",
  paid: "Your prize has been paid.",
};

/** What was paid, for the admin's list, the audit row and the mail. */
export function describePaid(s: typeof questSubmissions.$inferSelect, couponCode: string | null): string {
  if (s.prizeOrderId) return `Licence, order ${s.prizeOrderId}`;
  if (s.prizeCouponId) return `Coupon ${couponCode ?? s.prizeCouponId}`;
  if (s.cashMethod)
    return `${formatInrMinor(s.cashAmountPaise ?? 0)} by ${s.cashMethod}, reference ${s.cashReference}, on ${formatDay(s.cashPaidOn ?? "")}`;
  return "Paid";
}

/** The participant's mail for one move: the new state, the admin's note, and a coupon prize's code. */
export function reviewMail(m: {
  quest: string;
  state: QuestSubmissionState;
  note: string;
  couponCode: string | null;
  prize: string | null;
}): {
  subject: string;
  text: string;
  html: (escape: (s: string) => string) => string;
} {
  const subject = `Your submission to ${m.quest.replace(/[\r\n]+/g, " ")}: ${SUBMISSION_STATE_LABELS[m.state]}`;
  const lines = [
    SENTENCES[m.state],
    ...(m.couponCode ? [`Your coupon code: ${m.couponCode} (single use).`] : []),
    ...(m.prize && !m.couponCode ? [`Prize: ${m.prize}.`] : []),
    ...(m.prize?.startsWith("Licence") ? ["The licence is in your account; its key comes in the receipt mail."] : []),
    ...(m.note ? ["", "Note from the team:", m.note] : []),
  ];
  const text = lines.join("\n");
  return { subject, text, html: (escape) => `<p>${escape(text).replace(/<br><br>/g, "</p><p>")}</p>` };
}
