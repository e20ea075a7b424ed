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
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-slate-200 p-5">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-right break-words tabular-nums sm:text-left">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
