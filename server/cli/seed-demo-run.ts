// The demo data writer behind `npm run seed:demo`, separate from the CLI so tests can run it.
import { DAY_MS } from "../../contract/time";
import { eq, inArray } from "drizzle-orm";
import { generateCouponCodes } from "../../contract/coupon-code";
import type { Config } from "../platform/config";
import type { Db } from "../platform/db/client";
import {
  contactMessages,
  coupons,
  customers,
  mailOutbox,
  orders,
  patchReleases,
  products,
  productVersions,
  quests,
} from "../platform/db/schema";
import { createServices } from "../services";
import { DEMO_MESSAGES, DEMO_PRODUCTS, DEMO_QUESTS, FIRST_NAMES, LAST_NAMES } from "./seed-demo-data";
import { countPageChange } from "../platform/page-topics";

/** What `npm run seed:demo` makes: enough customers and orders for every admin list to have pages. */
export const DEMO_SIZE = { customers: 200, orders: 250 };
type DemoSize = typeof DEMO_SIZE;

// Demo spread only (dates, statuses): not security relevant. Codes and ids use the crypto generator.
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

async function isEmpty(tx: Db): Promise<boolean> {
  for (const table of [products, customers, orders, quests]) if ((await tx.$count(table)) > 0) return false;
  return true;
}

async function seed(tx: Db, config: Config, now: Date, size: DemoSize) {
  const versionIds: { id: number; amountMinor: number; productId: string; version: string; termMonths: number }[] = [];
  const keepForSale: number[] = [];
  for (const product of DEMO_PRODUCTS) {
    await tx.insert(products).values({ id: product.id, name: product.name });
    for (const [index, { patches, forSale, licenceTermMonths, ...v }] of product.versions.entries()) {
      // Published releases, a quarter apart, the newest a month ago; each patch ten days after the one before.
      const publishedAt = new Date(now.getTime() - ((product.versions.length - index) * 90 - 60) * DAY_MS);
      // Every priced version is for sale while the demo orders are made through the store.
      const [row] = await tx
        .insert(productVersions)
        .values({ productId: product.id, ...v, forSale: v.amountMinor > 0, licenceTermMonths: licenceTermMonths ?? 12, publishedAt })
        .returning({ id: productVersions.id });
      versionIds.push({
        id: row.id,
        amountMinor: v.amountMinor,
        productId: product.id,
        version: v.version,
        termMonths: licenceTermMonths ?? 12,
      });
      if (forSale) keepForSale.push(row.id);
      if (patches.length)
        await tx.insert(patchReleases).values(
          patches.map((p, i) => ({
            productVersionId: row.id,
            ...p,
            publishedAt: new Date(publishedAt.getTime() + (i + 1) * 10 * DAY_MS),
          })),
        );
    }
  }
  const paid = versionIds.filter((v) => v.amountMinor > 0);

  const couponRows = paid.flatMap((v) =>
    generateCouponCodes(config.COUPON_PREFIX, 8).map((code) => ({
      code,
      productVersionId: v.id,
      discountPercent: pick([10, 15, 20, 25, 50]),
    })),
  );
  const insertedCoupons = await tx.insert(coupons).values(couponRows).returning();

  const emails = Array.from({ length: size.customers }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
    return { name: `${first} ${last}`, email: `${first}.${last}.${i + 1}@example.com`.toLowerCase() };
  });

  // The demo orders go through the store's own services (checkout, confirm, activation, expiry) on a
  // clock set to each order's time, inside this transaction (their own transactions become savepoints).
  let clock = now.getTime();
  const services = createServices(
    tx,
    { ...config, PAYMENT_PROVIDER: "test", CHECKOUT_RATE_LIMIT: 1e9, LICENCE_RATE_LIMIT: 1e9 },
    () => new Date(clock),
  );
  const store = services.store;
  // 3 coupons of each version are used; every customer buys at least once (first size.customers orders).
  const couponUses = paid.flatMap((v) => insertedCoupons.filter((c) => c.productVersionId === v.id).slice(0, 3));
  const plans = Array.from({ length: size.orders }, (_, i) => {
    const coupon = couponUses[i];
    const version = coupon ? paid.find((v) => v.id === coupon.productVersionId)! : pick(paid);
    // One-month versions' orders are 32-45 days old (expired by now); the rest spread over the last 30 days.
    const ageDays = version.termMonths < 12 ? 32 + Math.random() * 13 : (i % 30) + Math.random() * 0.45; // every day has orders
    return { version, coupon, at: now.getTime() - ageDays * DAY_MS, customer: emails[i % size.customers], ageDays };
  });
  // With a tax block (site.config.example.json has one) checkout asks each buyer's state: most in the
  // supplier's own (CGST and SGST), every fifth in Maharashtra (IGST), so the register shows both.
  const tax = config.site.tax;
  for (const [i, plan] of plans.entries()) {
    clock = plan.at;
    const billing = tax ? { state_code: (i % 5 === 4 ? undefined : tax.state_code) ?? "27" } : undefined;
    const order = await store.checkout.createOrder(
      { product_id: plan.version.productId, version: plan.version.version, ...plan.customer, coupon: plan.coupon?.code, billing },
      "127.0.0.1",
    );
    const payment = await store.testProvider.pay(order.order_id, order.token, { webhook: false });
    const { licence_key } = await store.orders.confirm(order.order_id, payment);
    // Older orders were mostly activated on a machine or two; recent ones are mostly still placed.
    if (Math.random() < (plan.ageDays < 2 ? 0.3 : 0.7)) {
      clock = Math.min(now.getTime(), clock + Math.random() * DAY_MS); // never after the seeding itself
      await services.licences.activate({ key: licence_key, fingerprint: `demo-${order.order_id}`, name: "Demo laptop" }, "127.0.0.1");
    }
  }
  clock = now.getTime();
  await store.expiry.expireTerms();
  // Demo receipts go to example.com addresses: not mail anyone should send.
  await tx.delete(mailOutbox).where(eq(mailOutbox.kind, "receipt"));
  await tx.update(productVersions).set({ forSale: inArray(productVersions.id, keepForSale) });
  // A running server drops its cached release notes and product pages.
  await countPageChange(tx, "catalogue");

  await tx
    .insert(quests)
    .values(DEMO_QUESTS.map((q, i) => ({ ...q, createdAt: new Date(now.getTime() - (DEMO_QUESTS.length - i) * DAY_MS) })));
  await tx.insert(contactMessages).values(DEMO_MESSAGES.map((m) => ({ ...m, clientIp: "127.0.0.1" })));
  // The first customer bought at least once: the address the CLI offers for trying the account.
  return { versions: versionIds.length, coupons: couponRows.length, ...size, customerEmail: emails[0].email };
}

/**
 * Fills an empty database in one transaction (all or nothing). Resolves null, changing nothing,
 * when products, customers, orders or quests already exist. `size.customers` must not exceed
 * `size.orders` (every customer buys at least once).
 */
export async function seedDemo(db: Db, config: Config, now: Date, size: DemoSize = DEMO_SIZE) {
  return db.transaction(async (tx) => ((await isEmpty(tx)) ? seed(tx, config, now, size) : null));
}
