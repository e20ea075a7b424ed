import { Suspense, lazy } from "react";
import { Link } from "react-router";
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_RANGES, DashboardQuerySchema } from "../../../contract/dashboard";
import { useHydrated } from "../../components/admin/use-hydrated";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/overview";
import { TestPaymentsBanner } from "../../components/admin/test-payments-banner";
import { logPageFailure } from "./log.server";
import { testPaymentsNotice } from "./payment-mode.server";
import { requireAdminPage } from "./session.server";

const TransactionsChart = lazy(() => import("../../components/admin/transactions-chart"));

// Read in the loader (decision 017). A failed read is a visible banner, never zeros that look like
// a day without sales.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = DashboardQuerySchema.safeParse({ days: new URL(request.url).searchParams.get("days") ?? undefined });
  const days = query.success ? query.data.days : DASHBOARD_DEFAULT_DAYS;
  const testPayments = testPaymentsNotice(context);
  try {
    return { days, data: await context.services.dashboard.overview(days), failed: false as const, testPayments };
  } catch (error) {
    logPageFailure("overview read failed", request, error);
    return { days, data: null, failed: true as const, testPayments };
  }
}

const CARDS = [
  ["placedOrders", "Placed Orders"],
  ["activeOrders", "Active Orders"],
  ["expiredOrders", "Expired Orders"],
  ["registeredUsers", "Registered Users"],
] as const;

export default function Overview({ loaderData: { days, data, failed, testPayments } }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <>
      <title>Overview | Admin</title>
      <h1 className="text-2xl font-bold">Overview</h1>
      {testPayments && <TestPaymentsBanner howToSwitch={testPayments.howToSwitch} />}
      <nav aria-label="Period" className="mt-4 flex flex-wrap gap-2">
        {DASHBOARD_RANGES.map((n) => (
          <Link
            key={n}
            to={n === 10 ? "?" : `?days=${n}`}
            aria-current={n === days ? "page" : undefined}
            className={`rounded border px-3 py-1 text-sm ${n === days ? "border-blue-800 bg-blue-800 text-white" : "border-slate-400 bg-white hover:bg-slate-100"}`}
          >
            {n} days
          </Link>
        ))}
      </nav>
      {failed || !data ? (
        <div role="alert" className="mt-6 rounded border border-red-700 bg-red-50 p-4 text-red-800">
          The sales figures could not be loaded, so none are shown.{" "}
          <Link to={days === 10 ? "?" : `?days=${days}`} className="underline" reloadDocument>
            Try again
          </Link>
        </div>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-5">
            {CARDS.map(([key, label]) => (
              <li key={key} className="rounded-lg bg-white p-4 shadow">
                <p className="text-sm text-slate-700">
                  {key === "registeredUsers" ? (
                    <Link to="/dashboard/customers" className="text-blue-800 underline">
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </p>
                <p className="mt-1 text-3xl font-bold" data-testid={key}>
                  {data[key]}
                </p>
              </li>
            ))}
            <li className="col-span-2 rounded-lg bg-white p-4 shadow lg:col-span-1">
              <p className="text-sm text-slate-700">Revenue, last {days} days</p>
              <p className="mt-1 text-2xl font-bold" data-testid="revenue">
                {formatInr(data.revenue)}
              </p>
              {/* Net: the refunds processed in the same days are already taken off. */}
              <p className="mt-1 text-sm text-slate-700">
                Refunds <span data-testid="refunds">{formatInr(data.refunds)}</span>, already taken off
              </p>
            </li>
          </ul>
          <section className="mt-8 rounded-lg bg-white p-4 shadow" aria-labelledby="trends-title">
            <h2 id="trends-title" className="text-xl font-semibold">
              Transaction Trends
            </h2>
            {/* Chart.js draws on a canvas in the browser only: rendered on the server, the lazy chart
                threw inside its Suspense boundary and the whole page answered 500. */}
            {hydrated ? (
              <Suspense fallback={<p className="mt-4">Loading chart...</p>}>
                <TransactionsChart days={data.transactionsByDate} />
              </Suspense>
            ) : (
              <p className="mt-4">Loading chart...</p>
            )}
          </section>
          <section className="mt-8 rounded-lg bg-white p-4 shadow" aria-labelledby="split-title">
            <h2 id="split-title" className="text-xl font-semibold">
              Sales by product, last {days} days
            </h2>
            {data.byProduct.length ? (
              <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="split-title">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-slate-300">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Product
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Orders
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Refunds
                      </th>
                      <th scope="col" className="py-2 text-right">
                        Revenue (net)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.byProduct.map((p) => (
                      <tr key={p.product_id} className="border-b border-slate-100">
                        <td className="py-2 pr-4">
                          {p.product_name} <span className="text-slate-700">({p.product_id})</span>
                        </td>
                        <td className="py-2 pr-4 text-right">{p.orders}</td>
                        <td className="py-2 pr-4 text-right whitespace-nowrap">{formatInr(p.refunds)}</td>
                        <td className="py-2 text-right whitespace-nowrap">{formatInr(p.revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="mt-3 text-slate-700">No paid orders in this period.</p>
            )}
            <Link to="/dashboard/orders" className="mt-3 inline-block text-sm text-blue-800 underline">
              Find and export orders
            </Link>
          </section>
          <section className="mt-8 rounded-lg bg-white p-4 shadow" aria-labelledby="payids-title">
            <h2 id="payids-title" className="text-xl font-semibold">
              Transaction History (Pay IDs)
            </h2>
            {data.payIds.length ? (
              <ul className="mt-3 list-disc space-y-1 pl-6 font-mono text-sm">
                {data.payIds.map((id) => (
                  <li key={id}>
                    <Link to={`/dashboard/orders?q=${encodeURIComponent(id)}`} className="text-blue-800 underline">
                      {id}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-700">No transactions yet.</p>
            )}
          </section>
        </>
      )}
    </>
  );
}
