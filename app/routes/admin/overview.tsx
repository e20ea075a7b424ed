import { Suspense, lazy, useEffect, useState } from "react";
import { type Dashboard, DashboardSchema } from "../../../contract/dashboard";
import { api } from "../../lib/api-client";

const TransactionsChart = lazy(() => import("../../components/admin/transactions-chart"));

/** Ten days ending today with no transactions: what the chart shows when the call fails. */
function emptyDays(): Dashboard["transactionsByDate"] {
  const today = Date.now();
  return Array.from({ length: 10 }, (_, i) => ({ date: new Date(today - (9 - i) * 86_400_000).toISOString().slice(0, 10), count: 0 }));
}

const CARDS = [
  ["placedOrders", "Placed Orders"],
  ["activeOrders", "Active Orders"],
  ["expiredOrders", "Expired Orders"],
  ["registeredUsers", "Registered Users"],
] as const;

export default function Overview() {
  const [data, setData] = useState<Dashboard | null>(null);

  useEffect(() => {
    let live = true;
    api("/api/oni/dashboard")
      .then((raw) => live && setData(DashboardSchema.parse(raw)))
      .catch((error: unknown) => {
        // SPEC section 8: no message for the user, the counts stay zero; logged for the developer.
        console.error("dashboard fetch failed", error);
        if (live)
          setData({ placedOrders: 0, activeOrders: 0, expiredOrders: 0, registeredUsers: 0, transactionsByDate: emptyDays(), payIds: [] });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <title>Overview | Admin</title>
      <h1 className="text-2xl font-bold">Overview</h1>
      {!data ? (
        <p className="mt-6" role="status">
          Loading...
        </p>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
            {CARDS.map(([key, label]) => (
              <li key={key} className="rounded-lg bg-white p-4 shadow">
                <p className="text-sm text-slate-700">{label}</p>
                <p className="mt-1 text-3xl font-bold" data-testid={key}>
                  {data[key]}
                </p>
              </li>
            ))}
          </ul>
          <section className="mt-8 rounded-lg bg-white p-4 shadow" aria-labelledby="trends-title">
            <h2 id="trends-title" className="text-xl font-semibold">
              Transaction Trends
            </h2>
            <Suspense fallback={<p className="mt-4">Loading chart...</p>}>
              <TransactionsChart days={data.transactionsByDate} />
            </Suspense>
          </section>
          <section className="mt-8 rounded-lg bg-white p-4 shadow" aria-labelledby="payids-title">
            <h2 id="payids-title" className="text-xl font-semibold">
              Transaction History (Pay IDs)
            </h2>
            {data.payIds.length ? (
              <ul className="mt-3 list-disc space-y-1 pl-6 font-mono text-sm">
                {data.payIds.map((id) => (
                  <li key={id}>{id}</li>
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
