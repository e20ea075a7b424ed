import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema } from "../../contract/store";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { exampleTaxSite } from "../../server/platform/config";
import { queryRows } from "../../server/platform/db/query-rows";
import { addSaleVersion } from "../helpers/store-fixtures";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";

// Invoice numbers on PostgreSQL under 200 concurrent payments across the financial year's end: two
// app instances on one database, one clock at 23:59:59 on 31 March in India, the other a second past
// midnight, so both years' counters are taken at once.
const SECRET = "invoice-race-secret-0123456789";
const BEFORE = new Date("2027-03-31T18:29:59Z");
const AFTER = new Date("2027-03-31T18:30:01Z");
let clock = new Date("2027-03-31T18:10:00Z");
let db: Awaited<ReturnType<typeof sharedPostgres>>;
let a: TestApp;
let b: TestApp;

describe.skipIf(!pgUrl)("invoice numbers under concurrent payments on PostgreSQL", () => {
  beforeAll(async () => {
    db = await sharedPostgres(pgUrl as string);
    const config = { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 1_000_000, site: exampleTaxSite() };
    a = await createTestApp({ database: db.open(12), config, now: () => (clock > BEFORE ? BEFORE : clock) });
    b = await createTestApp({ database: db.open(12), config, now: () => (clock > BEFORE ? AFTER : clock) });
    await addSaleVersion(a, "fy-dirx", "1.0", { amountMinor: 100_000 });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("200 paid orders across 31 March / 1 April: each year gapless from 1, no number twice, each in its year", async () => {
    const created = [];
    for (let i = 0; i < 200; i++) {
      const res = await a.request("/api/checkout/orders", {
        method: "POST",
        json: { product_id: "fy-dirx", version: "1.0", email: `fy${i}@example.com`, name: "Year End", billing: { state_code: "27" } },
        ip: `10.88.${i >> 8}.${i & 255}`,
      });
      created.push(CreatedOrderSchema.parse(await res.json()));
    }
    clock = AFTER; // from here a pays on 31 March, b on 1 April (India time)
    const statuses = await Promise.all(
      created.map(async (o, i) => {
        const payId = `pay_FYRC${String(i).padStart(10, "0")}`;
        const res = await (i % 2 ? a : b).request(`/api/checkout/orders/${o.order_id}/confirm`, {
          method: "POST",
          json: {
            razorpay_order_id: o.payment.provider_order_id,
            razorpay_payment_id: payId,
            razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
          },
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await queryRows<{ number: string; financial_year: string; seq: number; issued_at: string }>(
      a.database.db,
      sql`select number, financial_year, seq, issued_at from invoices where kind = 'invoice' order by financial_year, seq`,
    );
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.number)).size).toBe(200);
    for (const [year, at] of [
      ["2026-27", BEFORE],
      ["2027-28", AFTER],
    ] as const) {
      const inYear = rows.filter((r) => r.financial_year === year);
      expect(inYear.map((r) => Number(r.seq))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(inYear.every((r) => new Date(r.issued_at).getTime() === at.getTime() && r.number.startsWith(`OL/${year}/`))).toBe(true);
    }
    const counters = await queryRows<{ financial_year: string; last: number }>(
      a.database.db,
      sql`select financial_year, last from invoice_counters where series = 'invoice' order by financial_year`,
    );
    expect(counters.map((c) => [c.financial_year, Number(c.last)])).toEqual([
      ["2026-27", 100],
      ["2027-28", 100],
    ]);
  });
});
