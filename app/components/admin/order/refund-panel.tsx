import { Form, useSubmit } from "react-router";
import type { AdminOrderDetail } from "../../../../contract/admin-order-detail";
import type { FormResult } from "../../../lib/form-result";
import { formatInr } from "../../../lib/money";
import { useConfirm } from "../confirm-dialog";
import { Field } from "../form-field";
import { LocalTime } from "../local-time";
import { ActionMessage } from "./order-section";
import { PendingRefundNote } from "./pending-refund-note";

const STATUS_LABEL = { pending: "waiting for the provider", processed: "processed", failed: "not taken by the provider" } as const;

/** Where the admin opens an invoice or credit note (the printable page the API serves). */
export const documentHref = (number: string) => `/api/admin/invoices/${encodeURIComponent(number)}`;

/**
 * The order's invoice, its refunds with their credit notes, and the Refund form: an amount (all that is
 * left by default), a reason and "revoke the licence". The form carries an idempotency key made by the
 * loader, so posting the same page twice (a double click, a resent form without JavaScript) is one refund.
 */
export function RefundPanel({
  order,
  refundKey,
  result,
  busy,
}: {
  order: AdminOrderDetail;
  refundKey: string;
  /** The order action's answer (its type is the action's, `useActionData<typeof action>`). */
  result?: FormResult<{ refundKey: string }>;
  busy: boolean;
}) {
  const [dialog, confirm] = useConfirm();
  const submit = useSubmit();
  const errors = result?.intent === "refund" && !result.ok ? result.errors : {};
  const noteOf = new Map(order.credit_notes.map((c) => [c.refund_id, c.number]));
  // With JavaScript, money leaving is confirmed first; without it the form posts straight away.
  const confirmRefund = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const amount = Number(values.get("amount"));
    // Input the server refuses goes to it as it is, which answers by the field.
    if (!String(values.get("reason") ?? "").trim() || !(amount >= 1 && amount <= order.refundable)) return void (await submit(form));
    const ok = await confirm({
      title: `Refund ${formatInr(amount)}?`,
      text: `The money goes back to ${order.customer.email} through ${order.payment.provider ?? "the provider"}; this cannot be undone.`,
      confirmLabel: `Refund ${formatInr(amount)}`,
    });
    if (ok) await submit(form);
  };
  return (
    <>
      {dialog}
      <p className="text-sm">
        {order.invoice ? (
          <>
            Invoice{" "}
            <a href={documentHref(order.invoice.number)} className="font-mono text-blue-800 underline">
              {order.invoice.number}
            </a>{" "}
            · {formatInr(order.invoice.total)}
          </>
        ) : (
          "No invoice: the order is not paid."
        )}
      </p>
      {order.refunds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No refunds.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm" aria-label="Refunds">
          {order.refunds.map((r) => {
            const note = noteOf.get(r.id);
            return (
              <li key={r.id} className="py-1.5">
                <strong>{formatInr(r.amount)}</strong> · {STATUS_LABEL[r.status]} · <LocalTime iso={r.created_at} />
                {r.reason ? ` · ${r.reason}` : ""}
                {r.status === "pending" ? <PendingRefundNote refund={r} provider={order.payment.provider} /> : null}
                {r.provider_refund_id ? (
                  <span className="block font-mono text-xs break-all text-slate-700">{r.provider_refund_id}</span>
                ) : null}
                {note ? (
                  <span className="block">
                    Credit note{" "}
                    <a href={documentHref(note)} className="font-mono text-blue-800 underline">
                      {note}
                    </a>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {order.refundable > 0 ? (
        <Form method="post" noValidate aria-label="Refund" onSubmit={confirmRefund} className="mt-3 grid gap-2">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="idempotency_key" value={(result?.intent === "refund" && result.value?.refundKey) || refundKey} />
          <Field
            label={`Amount in ₹ (at most ${formatInr(order.refundable)})`}
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={1}
            max={order.refundable}
            defaultValue={order.refundable.toFixed(2)}
            required
            error={errors.amount}
          />
          <Field label="Reason" name="reason" maxLength={500} required error={errors.reason} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="revoke_licence" className="mt-0.5 h-4 w-4" />
            <span>Revoke the licence (a refund of everything left always does)</span>
          </label>
          <div>
            <button
              type="submit"
              className="rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              disabled={busy}
            >
              Refund
            </button>
          </div>
          <ActionMessage result={result} intent="refund" />
        </Form>
      ) : (
        <ActionMessage result={result} intent="refund" />
      )}
    </>
  );
}
