import type { OrderPublicView } from "../../../contract/store";
import { formatInr } from "../../lib/money";

/** What was bought, by whom, and for how much: the sandbox and the receipt show the same list. */
export function OrderSummary({ view, paid }: { view: OrderPublicView; paid: boolean }) {
  const rows: [string, React.ReactNode][] = [
    ["Order", `#${view.order_id}`],
    ["Product", `${view.product_name} ${view.version}`],
    ["E-mail", view.email],
    ["Name", view.name],
    ["Price", formatInr(view.amount)],
  ];
  if (view.discount > 0) rows.push([view.coupon ? `Coupon ${view.coupon}` : "Discount", `−${formatInr(view.discount)}`]);
  const totalLabel = paid ? "Amount paid" : view.status === "pending" ? "Total to pay" : "Total";
  rows.push([totalLabel, <strong key="total">{formatInr(view.total)}</strong>]);
  if (paid && view.payment_id) rows.push(["Payment id", view.payment_id]);
  return (
    // One row per fact, label left and value right; a value too long for the row (an e-mail address at
    // 360 px) drops below its label instead of squeezing both into a column a few letters wide.
    <dl className="space-y-2 rounded-xl border border-slate-200 p-5">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-6">
          <dt className="text-slate-600">{label}</dt>
          <dd className="ms-auto min-w-0 text-right tabular-nums [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
