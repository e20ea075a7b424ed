import type { AccountOrder } from "../../../contract/account";
import type { QuestPrize, QuestSubmission } from "../../../contract/quest-submissions";
import { formatDate, formatDay } from "../../../contract/time";
import { formatInr } from "../../lib/money";
import { submissionStateLabel } from "../quests/quest-facts";

/**
 * What a paid submission won. A licence prize is an order of the account like a bought one: its key
 * stays behind that order's Reveal button, so this names the key's last group and links to it.
 */
function Prize({ prize, orders }: { prize: QuestPrize; orders: AccountOrder[] }) {
  if (prize.kind === "licence") {
    const licence = orders.find((o) => o.order_id === prize.order_id)?.licence;
    return (
      <p data-testid="quest-prize">
        <strong>Prize:</strong> a free licence of {prize.product_name} {prize.version}.{" "}
        {licence ? (
          <>
            Its key ends in <code className="font-mono">{licence.key_hint}</code>:{" "}
            <a href={`#order-${prize.order_id}`} className="text-sky-800 underline">
              reveal it in order #{prize.order_id}
            </a>
            .
          </>
        ) : (
          <>It is order #{prize.order_id}; its key came in the receipt mail.</>
        )}
      </p>
    );
  }
  if (prize.kind === "coupon")
    return (
      <p data-testid="quest-prize">
        <strong>Prize:</strong> the coupon <code className="font-mono select-all">{prize.code}</code> for {prize.percent} % off{" "}
        {prize.product_name} {prize.version}, good for one purchase.
      </p>
    );
  return (
    <p data-testid="quest-prize">
      <strong>Prize:</strong> {formatInr(prize.amount)} paid by {prize.method} on {formatDay(prize.paid_on)}, reference{" "}
      <span className="break-all">{prize.reference}</span>.
    </p>
  );
}

/** The account's Quests part: each of the participant's own submissions, its state, the team's last note and the prize. */
export function QuestEntries({ quests, orders }: { quests: QuestSubmission[]; orders: AccountOrder[] }) {
  if (quests.length === 0)
    return (
      <p>
        You have not taken part in a quest yet.{" "}
        <a href="/quests" className="text-sky-800 underline">
          See the open quests
        </a>
        .
      </p>
    );
  return (
    <ul className="space-y-3" aria-label="Your quest submissions">
      {quests.map((q) => (
        <li key={q.id} className="space-y-1 rounded-lg border border-slate-300 bg-slate-50 p-4" data-testid={`quest-submission-${q.id}`}>
          <h3 className="text-lg font-bold">
            <a href={`/quests/${q.questId}`} className="text-sky-800 underline">
              {q.questTitle}
            </a>
          </h3>
          <p className="text-sm text-slate-700">
            {submissionStateLabel(q.state)} · sent {formatDate(q.createdAt)}
          </p>
          {q.attachment ? (
            <p className="text-sm">
              <a href={`/api/account/quests/submissions/${q.id}/attachment`} className="text-sky-800 underline">
                {q.attachment.name}
              </a>{" "}
              ({Math.ceil(q.attachment.size / 1024)} KB)
            </p>
          ) : null}
          {q.publicNote ? (
            <div data-testid="quest-note">
              <p className="font-semibold">Note from the team</p>
              {/* The admin's text as typed: React escapes it, the line breaks are kept. */}
              <p className="break-words whitespace-pre-line">{q.publicNote}</p>
            </div>
          ) : null}
          {q.prize ? <Prize prize={q.prize} orders={orders} /> : null}
        </li>
      ))}
    </ul>
  );
}
