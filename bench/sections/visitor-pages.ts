import { sql } from "drizzle-orm";
import { requireAdminPage } from "../../app/routes/admin/session.server";
import { loadAccount } from "../../app/routes/public/account.server";
import { loadCheckout } from "../../app/routes/public/checkout.server";
import { queryRows } from "../../server/platform/db/query-rows";
import { type AppServer, startAppServer } from "../lib/app-server";
import { freshDb, type Kind, postgresAvailable } from "../lib/databases";
import { BENCH_ADMIN, createBenchAdmin, fillOrders } from "../lib/fill";
import { load } from "../lib/load";
import { add, ms, na, rps, times } from "../lib/table";
import { fillBuyer, LICENCE_SECRET } from "./account";
import { slowestStatementRows, type VisitorPage } from "./visitor-statements";

const CONNECTIONS = 10;
/** Orders in all (the buyer's 50 among them): enough for the pages' queries to use their indexes. */
const ORDERS = Number(process.env.BENCH_VISITOR_ORDERS ?? 10_000);

/**
 * Pages that depend on the visitor and stay server-rendered: the customer's /account with 50
 * orders, the admin's order page and a checkout page, p95 at 10 connections against /healthz, then
 * the slowest statement one view of each runs.
 */
async function onDatabase(kind: Kind): Promise<void> {
  const section = `pages per visitor, ${kind}`;
  const db = await freshDb(kind);
  const database = await db.open();
  let server: AppServer | undefined;
  try {
    await fillOrders(database, 0, ORDERS - 50);
    const customerToken = await fillBuyer(database);
    await createBenchAdmin(database);
    await database.db.execute(sql`update product_versions set for_sale = true where product_id = 'bench'`);
    const [order] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from orders where customer_email = 'buyer50@example.com' order by id limit 1`,
    );
    await database.close();
    server = await startAppServer(db.env, { LICENCE_SECRET });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { auth_token } = (await login.json()) as { auth_token: string };
    const pages: VisitorPage[] = [
      {
        label: "/account, 50 orders",
        path: "/account",
        headers: { cookie: `customer_session=${customerToken}` },
        view: (request, context) => loadAccount(request, context),
      },
      {
        label: "admin order page",
        path: `/dashboard/orders/${order.id}`,
        headers: { cookie: `session_id=${auth_token}` },
        // The admin layout's loader and the order screen's (app/routes/admin/layout.tsx, order-detail.tsx), side by side.
        view: (request, context) =>
          Promise.all([
            requireAdminPage(request, context).then(() => context.services.messages.unreadCount()),
            requireAdminPage(request, context).then(() => context.services.orderDesk.get(Number(order.id))),
          ]),
      },
      {
        label: "checkout",
        path: "/checkout/bench",
        headers: {},
        view: (request, context) => loadCheckout("bench", request, context),
      },
    ];
    const health = await load({ url: `${server.url}/healthz`, connections: CONNECTIONS });
    for (const { label, path, headers } of pages) {
      const check = await fetch(server.url + path, { headers, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
      const result = await load({ url: server.url + path, headers, connections: CONNECTIONS });
      add({
        section,
        what: `${label} (${path.replace(/\d+$/, ":id")}), ${CONNECTIONS} conn. p95 (req/s)`,
        value: `${ms(result.p95)} (${rps(result.rps)})`,
        baseline: `/healthz ${ms(health.p95)}`,
        ratio: times(result.p95, health.p95),
        verdict: result.failures ? "MISS" : "",
      });
    }
    // PGlite takes one process at a time: the bench opens the data directory once the server is gone.
    await server.stop();
    server = undefined;
    await slowestStatementRows(section, db, pages, { LICENCE_SECRET });
  } finally {
    await server?.stop();
    await db.drop();
  }
}

export async function visitorPagesSection(): Promise<void> {
  await onDatabase("pglite");
  const missing = await postgresAvailable();
  if (missing) na("pages per visitor, postgres", "all", missing);
  else await onDatabase("postgres");
}
