import { Form, Link, useNavigation } from "react-router";
import { OrderIdParamsSchema } from "../../../contract/admin-order-detail";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { LocalTime } from "../../components/admin/local-time";
import { LicencePanel } from "../../components/admin/order/licence-panel";
import { RefundPanel } from "../../components/admin/order/refund-panel";
import { ActionMessage, Facts, OrderSection } from "../../components/admin/order/order-section";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/order-detail";
import { orderAction } from "./order-detail.server";
import { requireAdminPage } from "./session.server";

const orderIdOf = (params: { id?: string }) => {
  const parsed = OrderIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  return parsed.data.id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  try {
    // A fresh idempotency key per rendering of the page: the Refund form posts it (see RefundPanel).
    return { order: await context.services.orderDesk.get(orderIdOf(params)), refundKey: crypto.randomUUID() };
  } catch (error) {
    if ((error as { kind?: string }).kind === "not_found") throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export const action = ({ request, context, params }: Route.ActionArgs) => orderAction(request, context, orderIdOf(params));

export default function OrderDetail({ loaderData: { order, refundKey }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { amounts, payment } = order;
  return (
    <div className="max-w-5xl">
      <title>{`Order #${order.id} | Admin`}</title>
      <Link to="/dashboard/orders" className="text-sm text-blue-800 underline">
        ← Orders
      </Link>
      <h1 className="mt-2 text-2xl font-bold">
        Order #{order.id} <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 align-middle text-sm font-medium">{order.status}</span>
      </h1>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <OrderSection id="customer-title" title="Customer">
          <Facts
            rows={[
              ["Name", order.customer.name],
              ["E-mail", order.customer.email],
              ...(order.customer.id
                ? ([
                    [
                      "Orders",
                      <Link to={`/dashboard/customers/${order.customer.id}`} className="text-blue-800 underline">
                        All their orders
                      </Link>,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
            ]}
          />
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="receipt" />
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              Resend receipt
            </button>
            <ActionMessage result={actionData} intent="receipt" />
          </Form>
        </OrderSection>
        <OrderSection id="product-title" title="Product">
          <Facts
            rows={[
              ["Product", `${order.product.name} (${order.product.id})`],
              ["Version", order.product.version],
              ["Coupon", order.coupon ?? "none"],
            ]}
          />
        </OrderSection>
        <OrderSection id="payment-title" title="Payment">
          <Facts
            rows={[
              ["List price", formatInr(amounts.list_price)],
              ["Discount", formatInr(amounts.discount)],
              ["Paid", <strong>{formatInr(amounts.paid)}</strong>],
              ["Provider", payment.provider ?? "none"],
              ["Payment id", <span className="font-mono">{payment.payment_id ?? "none"}</span>],
              ["Provider order", <span className="font-mono">{payment.provider_order_id ?? "none"}</span>],
              ["Ordered", <LocalTime iso={order.created_at} />],
              ["Paid at", order.paid_at ? <LocalTime iso={order.paid_at} /> : "not paid"],
            ]}
          />
        </OrderSection>
        <OrderSection id="refunds-title" title="Refunds">
          <RefundPanel order={order} refundKey={refundKey} result={actionData} busy={busy} />
        </OrderSection>
      </div>
      <div className="mt-4">
        <OrderSection id="licence-title" title="Licence">
          {order.licence ? (
            <LicencePanel licence={order.licence} result={actionData} busy={busy} />
          ) : (
            <p className="text-sm text-slate-700">No licence: the order is not paid.</p>
          )}
        </OrderSection>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <OrderSection id="mails-title" title="Mails">
          {order.mails.length === 0 ? (
            <p className="text-sm text-slate-700">No mail sent for this order.</p>
          ) : (
            <ul className="text-sm">
              {order.mails.map((m) => (
                <li key={m.id}>
                  <LocalTime iso={m.created_at} /> · {m.kind} to {m.to.join(", ")} · {m.status} · by {m.by}
                </li>
              ))}
            </ul>
          )}
        </OrderSection>
        <OrderSection id="timeline-title" title="Timeline">
          <ol className="text-sm">
            {order.timeline.map((e, i) => (
              <li key={i}>
                <LocalTime iso={e.at} /> · {e.detail} · by {e.by}
              </li>
            ))}
          </ol>
        </OrderSection>
      </div>
    </div>
  );
}
