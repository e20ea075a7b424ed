// The demo data writer behind `npm run seed:demo`, separate from the CLI so tests can run it.
import { sql } from "drizzle-orm";
import { generateCouponCode, generateCouponCodes } from "../../contract/coupon-code";
import type { Db } from "../db/client";
import { queryRows } from "../db/query-rows";
import { contactMessages, coupons, customers, orders, patchReleases, products, productVersions, quests } from "../db/schema";
import { DEMO_MESSAGES, DEMO_PRODUCTS, DEMO_QUESTS, FIRST_NAMES, LAST_NAMES } from "./seed-demo-data";

const CUSTOMERS = 200;
const ORDERS = 1500;
const DAY_MS = 86_400_000;

// Demo spread only (dates, statuses): not security relevant. Codes and ids use the crypto generator.
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function isEmpty(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select
    (select count(*) from products) + (select count(*) from customers) + (select count(*) from orders)
    + (select count(*) from quests) as n`,
  );
  return Number(row.n) === 0;
}

async function seed(tx: Tx, prefix: string, now: Date) {
  const versionIds: { id: number; amountMinor: number }[] = [];
  for (const product of DEMO_PRODUCTS) {
    await tx.insert(products).values({ id: product.id, name: product.name });
    for (const { patches, ...v } of product.versions) {
      const [row] = await tx
        .insert(productVersions)
        .values({ productId: product.id, ...v })
        .returning({ id: productVersions.id });
      versionIds.push({ id: row.id, amountMinor: v.amountMinor });
      if (patches.length) await tx.insert(patchReleases).values(patches.map((p) => ({ productVersionId: row.id, ...p })));
    }
  }
  const paid = versionIds.filter((v) => v.amountMinor > 0);

  const couponRows = paid.flatMap((v) =>
    generateCouponCodes(prefix, 8).map((code, i) => ({
      code,
      productVersionId: v.id,
      discountPercent: pick([10, 15, 20, 25, 50]),
      usedAt: i < 3 ? new Date(now.getTime() - (i + 1) * 3 * DAY_MS) : null,
    })),
  );
  const insertedCoupons = await tx.insert(coupons).values(couponRows).returning();

  const customerRows = Array.from({ length: CUSTOMERS }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length];
    const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      createdAt: new Date(now.getTime() - Math.random() * 60 * DAY_MS),
    };
  });
  const insertedCustomers = await tx.insert(customers).values(customerRows).returning({ id: customers.id });

  // Each used coupon paid for one order; the other orders pay full price.
  const usedCoupons = insertedCoupons.filter((c) => c.usedAt);
  const orderRows = Array.from({ length: ORDERS }, (_, i) => {
    const coupon = usedCoupons[i];
    const version = coupon ? paid.find((v) => v.id === coupon.productVersionId)! : pick(paid);
    const createdAt = coupon?.usedAt ?? new Date(now.getTime() - Math.random() * 30 * DAY_MS);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
    // Recent orders are mostly still placed; older ones were activated, some have expired (7-day trials).
    const status = ageDays < 2 ? pick(["placed", "placed", "active"] as const) : pick(["active", "active", "expired", "placed"] as const);
    const expiresAt = new Date(createdAt.getTime() + (status === "expired" ? 7 : 365) * DAY_MS);
    const amountPaidMinor = coupon ? Math.round((version.amountMinor * (100 - coupon.discountPercent)) / 100) : version.amountMinor;
    return {
      customerId: pick(insertedCustomers).id,
      productVersionId: version.id,
      amountPaidMinor,
      couponId: coupon?.id ?? null,
      paymentId: generateCouponCode("pay_"),
      status,
      createdAt,
      expiresAt,
    };
  });
  for (let i = 0; i < orderRows.length; i += 500) await tx.insert(orders).values(orderRows.slice(i, i + 500));

  await tx
    .insert(quests)
    .values(DEMO_QUESTS.map((q, i) => ({ ...q, createdAt: new Date(now.getTime() - (DEMO_QUESTS.length - i) * DAY_MS) })));
  await tx.insert(contactMessages).values(DEMO_MESSAGES.map((m) => ({ ...m, clientIp: "127.0.0.1" })));
  return { versions: versionIds.length, coupons: couponRows.length, customers: CUSTOMERS, orders: ORDERS };
}

/**
 * Fills an empty database in one transaction (all or nothing). Resolves null, changing nothing,
 * when products, customers, orders or quests already exist.
 */
export async function seedDemo(db: Db, couponPrefix: string, now: Date) {
  return db.transaction(async (tx) => ((await isEmpty(tx)) ? seed(tx, couponPrefix, now) : null));
}
