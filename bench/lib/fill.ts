import { eq, sql } from "drizzle-orm";
import { ProductVersionInputSchema } from "../../contract/products";
import { QuestSettingsSchema } from "../../contract/quest-settings";
import { admins } from "../../server/platform/db/schema";
import { versionInput } from "../../tests/helpers/product-fixtures";
import { loadConfig } from "../../server/platform/config";
import type { Database } from "../../server/platform/db/client";
import { createServices } from "../../server/services";

export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "bench admin passphrase 2026" };
const CUSTOMERS = 10_000;

/** The admin the dashboard section logs in as, made through the same service as the CLI. */
export async function createBenchAdmin(database: Database): Promise<void> {
  await createServices(database.db, loadConfig({ LOG_REQUESTS: "false" })).admins.createOrReset(BENCH_ADMIN.email, BENCH_ADMIN.password);
}

/** What the cached pages with an id in their path show: one open quest and one published advisory of dirx. */
export type BenchPublicContent = { questId: number; advisoryId: string };

/** Made through the services, as the admin's screens make them, before the server opens the database. */
export async function createBenchPublicContent(database: Database): Promise<BenchPublicContent> {
  const services = createServices(database.db, loadConfig({ LOG_REQUESTS: "false" }));
  const [admin] = await database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, BENCH_ADMIN.email));
  const actor = { adminId: admin.id, clientIp: "127.0.0.1" };
  await services.products.addVersion(ProductVersionInputSchema.parse(versionInput("dirx", "1.0", { product_name: "dirx" })), actor);
  const quest = await services.quests.create(
    { title: "Find the wordlist bypass", description: "Show a path dirx's scanner skips.", prize: "₹10,000" },
    actor,
  );
  const settings = QuestSettingsSchema.parse({ status: "open", kind: "submission", prize_kind: "cash", winners: 1 });
  await services.questSettings.save(quest.id, settings, actor);
  const { id: advisoryId } = await services.advisories.create(
    {
      title: "Path traversal in the wordlist loader",
      summary: "A crafted wordlist path reads files outside the scan directory.",
      details: "dirx follows `../` in wordlist names.",
      product_id: "dirx",
      ranges: [{ introduced: "0" }],
      cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
      cve_id: "",
      credits: [],
    },
    actor,
  );
  await services.advisories.publish(advisoryId, actor);
  return { questId: quest.id, advisoryId };
}

/**
 * Grows the orders table from `from` to `to` rows with one generate_series INSERT. The per-row
 * summary triggers are switched off inside the same transaction (nobody sees them off) and the
 * summaries recomputed once at the end: a million trigger runs updating one counter row would take
 * far longer than the bench itself. The result is what the triggers would have produced.
 */
export async function fillOrders(database: Database, from: number, to: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`alter table orders disable trigger orders_summary`);
    await run(`alter table customers disable trigger customers_summary`);
    if (from === 0) {
      await run(`insert into products (id, name) values ('bench', 'Bench Suite') on conflict do nothing`);
      await run(`insert into product_versions (product_id, version, os, amount_minor, features, external, python)
        values ('bench', '1.0.0', array['linux'], 4900, array['fast'], '[]'::jsonb, '[]'::jsonb) on conflict do nothing`);
      await run(`insert into customers (email, name)
        select 'customer' || i || '@example.com', 'Customer ' || i from generate_series(1, ${CUSTOMERS}) i
        on conflict do nothing`);
    }
    // Row i is i * 31.5 s old: a million orders span a year, and the newest stay the newest.
    // Each order carries its customer's e-mail and name, as a paid order does (the admin's order
    // search by e-mail reads them): customer k (k = 1 + i % CUSTOMERS) has a hundredth of a million.
    await run(`insert into orders (customer_id, customer_email, customer_name, product_version_id, amount_paid_minor, payment_id, status, created_at, expires_at)
      select (select min(id) from customers) + i % ${CUSTOMERS},
        'customer' || (1 + i % ${CUSTOMERS}) || '@example.com', 'Customer ' || (1 + i % ${CUSTOMERS}),
        (select id from product_versions where product_id = 'bench' and version = '1.0.0'),
        4900 - (i % 5) * 100, 'pay_bench_' || i,
        (array['placed', 'active', 'expired'])[1 + i % 3],
        now() - make_interval(secs => i * 31.5),
        now() - make_interval(secs => i * 31.5) + interval '365 days'
      from generate_series(${from + 1}, ${to}) i`);
    await run(`alter table orders enable trigger orders_summary`);
    await run(`alter table customers enable trigger customers_summary`);
    await run(`update stat_counters s set value = coalesce((select count(*) from orders o where 'orders_' || o.status = s.name), 0)
      where s.name like 'orders_%'`);
    await run(`update stat_counters set value = (select count(*) from customers) where name = 'customers'`);
    await run(`delete from order_daily_counts`);
    await run(`insert into order_daily_counts (day, count, revenue_minor)
      select (coalesce(paid_at, created_at) at time zone 'UTC')::date, count(*), sum(amount_paid_minor) from orders
      where status in ('placed', 'active', 'expired') group by 1`);
    await run(`delete from order_daily_product_counts`);
    await run(`insert into order_daily_product_counts (day, product_id, count, revenue_minor)
      select (coalesce(o.paid_at, o.created_at) at time zone 'UTC')::date, pv.product_id, count(*), sum(o.amount_paid_minor)
      from orders o join product_versions pv on pv.id = o.product_version_id
      where o.status in ('placed', 'active', 'expired') group by 1, 2`);
  });
  // VACUUM as well: a year's orders have been through autovacuum (on PGlite, the retention job's
  // vacuum, decision 077), whose visibility map lets a count
  // read an index alone (the order list's capped count by status: 2.4 ms instead of 17 ms at 1M).
  await database.db.execute(sql.raw(`vacuum analyze orders`));
}

/**
 * Grows the coupons table to `count` codes of the bench version with one generate_series INSERT (its
 * one statement-level trigger adds `count` to the coupon total): `prefix` and 10 upper-case hex characters, the first three from md5(i), so
 * they spread like the generator's random ones (prefix + 3 characters matches about count / 4,096
 * codes), the other seven i itself, so no two collide. Row i is newer than row i - 1 (ids and
 * creation times run together, as batches are stored). Every tenth code is used (by an existing
 * order when there is one), the next one void, the rest unused; a fifth carry a batch note.
 */
export async function fillCoupons(database: Database, count: number, prefix: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`insert into products (id, name) values ('bench', 'Bench Suite') on conflict do nothing`);
    await run(`insert into product_versions (product_id, version, os, amount_minor, features, external, python)
      values ('bench', '1.0.0', array['linux'], 4900, array['fast'], '[]'::jsonb, '[]'::jsonb) on conflict do nothing`);
    await run(`insert into coupons (code, product_version_id, discount_percent, used_at, order_id, voided_at, expires_at, note, created_at)
      select '${prefix}' || upper(substr(md5(i::text), 1, 3) || lpad(to_hex(i), 7, '0')),
        (select id from product_versions where product_id = 'bench' and version = '1.0.0'),
        5 + i % 50,
        case when i % 10 = 0 then now() - make_interval(secs => (${count} - i) * 31.5) + interval '1 day' end,
        case when i % 10 = 0 then (select id from orders where id = (select min(id) from orders) + i / 10 - 1) end,
        case when i % 10 = 1 then now() - make_interval(secs => (${count} - i) * 31.5) + interval '2 days' end,
        case when i % 3 = 0 then now() - make_interval(secs => (${count} - i) * 31.5) + interval '90 days' end,
        case when i % 5 = 0 then 'Bench batch ' || (i / 100) end,
        now() - make_interval(secs => (${count} - i) * 31.5)
      from generate_series(1, ${count}) i`);
  });
  await database.db.execute(sql.raw(`vacuum analyze coupons`));
}
