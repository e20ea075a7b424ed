import { Link } from "react-router";
import { LocalTime } from "../../components/admin/local-time";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/customer-detail";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new Response("Not found", { status: 404 });
  try {
    return { customer: await context.services.customerAdmin.get(id) };
  } catch (error) {
    if ((error as { kind?: string }).kind === "not_found") throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function CustomerDetail({ loaderData: { customer } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <title>{`${customer.email} | Customers | Admin`}</title>
      <Link to="/dashboard/customers" className="text-sm text-blue-800 underline">
        ← Customers
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words">{customer.name || customer.email}</h1>
      <p className="text-slate-700 break-words">
        {customer.email} · customer since <LocalTime iso={customer.created_at} withTime={false} /> · {customer.orders} paid{" "}
        {customer.orders === 1 ? "order" : "orders"}, {formatInr(customer.total_paid)}
      </p>
      <section className="mt-6 rounded-lg bg-white p-4 shadow" aria-labelledby="customer-orders-title">
        <h2 id="customer-orders-title" className="text-lg font-semibold">
          Orders
        </h2>
        <ul className="mt-2 divide-y divide-slate-200">
          {customer.order_list.map((o) => (
            <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <Link to={`/dashboard/orders/${o.id}`} className="font-semibold text-blue-800 underline">
                Order #{o.id} · {o.product_name} {o.version}
              </Link>
              <span>
                {formatInr(o.amount)} · {o.status} · <LocalTime iso={o.created_at} withTime={false} />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
