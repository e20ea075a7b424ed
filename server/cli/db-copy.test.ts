import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedOrderSchema } from "../../contract/store";
import { addSaleVersion } from "../../tests/helpers/store-fixtures";
import { databaseUrl, onServer } from "../../tests/helpers/postgres-server";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createTestDatabase } from "../../tests/helpers/test-db";
import { type Database, openPostgres } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { queryRows } from "../platform/db/query-rows";
import { checkoutSignature } from "../integrations/payments/signature";
import { copyDatabase, TargetNotEmptyError } from "./db-copy";
import { seedDemo } from "./seed-demo-run";

// npm run db -- copy-to: the embedded database (always PGlite here) into a PostgreSQL database of
// its own on TEST_DATABASE_URL. Run once, by the PGlite project.
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = "copy-to-payment-secret-0123";
const config = { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000 };
const name = `copy_${randomBytes(5).toString("hex")}`;
let source: Database;
let target: Database;
let before: TestApp;
let key = "";
// The admin's TOTP: enrolled before the copy at `clock`, used after it a minute later (a step the
// enrolment did not use; the used step is copied with the seed).
const clock = Date.now();
const ADMIN = { email: "copy-admin@example.com", password: "copy admin passphrase 2026" };
let totpSecret = "";
const codeAt = (ms: number) => generate({ secret: totpSecret, epoch: Math.floor(ms / 1000) });

/** The admin with TOTP enrolled through the API of the embedded database's app. */
async function enrolTotp(t: TestApp): Promise<void> {
  await t.services.admins.createOrReset(ADMIN.email, ADMIN.password);
  const login = await t.request("/api/admin/login", { method: "POST", json: ADMIN });
  const headers = { authorization: `Bearer ${((await login.json()) as { auth_token: string }).auth_token}` };
  const setup = await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers });
  totpSecret = ((await setup.json()) as { secret: string }).secret;
  const enable = await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers, json: { code: await codeAt(clock) } });
  expect(enable.status).toBe(200);
}

async function buy(t: TestApp, n: number) {
  const res = await t.request("/api/checkout/orders", {
    method: "POST",
    json: { product_id: "copy-dirx", version: "1.0", email: `copy${n}@example.com`, name: "Copy" },
  });
  const o = CreatedOrderSchema.parse(await res.json());
  const payId = `pay_COPY${String(n).padStart(10, "0")}`;
  const confirm = await t.request(`/api/checkout/orders/${o.order_id}/confirm`, {
    method: "POST",
    json: {
      razorpay_order_id: o.payment.provider_order_id,
      razorpay_payment_id: payId,
      razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
    },
  });
  expect(confirm.status).toBe(200);
  return (await confirm.json()).licence_key as string;
}

describe.skipIf(!serverUrl || process.env.TEST_DB === "postgres")("copy-to PostgreSQL", () => {
  beforeAll(async () => {
    source = await createTestDatabase();
    before = await createTestApp({ database: source, config, now: () => new Date(clock) });
    // A row in every table the copy must carry; the demo's full size adds nothing to copy.
    expect(await seedDemo(source.db, before.config, new Date(), { customers: 20, orders: 30 })).not.toBeNull();
    await addSaleVersion(before, "copy-dirx");
    key = await buy(before, 1);
    await enrolTotp(before);
    await onServer(serverUrl as string, `create database ${name}`);
    target = openPostgres(databaseUrl(serverUrl as string, name), { max: 2 });
    await runMigrations(target);
  }, 600_000);
  afterAll(async () => {
    await target?.close();
    await source?.close();
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it("copies every table with equal counts; the licence validates, the admin's TOTP login works, new ids follow the copied ones", async () => {
    const counts = await copyDatabase(source.db, target.pool!);
    expect(counts.filter((c) => c.source !== c.target)).toEqual([]);
    const rows = Object.fromEntries(counts.map((c) => [c.table, c.source]));
    for (const table of ["products", "product_versions", "coupons", "customers", "orders", "licences", "settings", "stat_counters"]) {
      expect(rows[table], table).toBeGreaterThan(0);
    }

    // The columns of the coupons/orders cycle, set after both tables were in.
    const reserved = "select count(*)::int as n from coupons where reserved_order_id is not null";
    const [{ n: inSource }] = await queryRows<{ n: number }>(source.db, sql.raw(reserved));
    expect((await target.pool!.query<{ n: number }>(reserved)).rows[0].n).toBe(inSource);

    // Both apps share the test config's ADMIN_SECRETS_KEY, as the PostgreSQL deploy must be given the
    // key the embedded install used (its DATA_DIR key file): the TOTP seed is sealed with it.
    const after = await createTestApp({ database: target, config, now: () => new Date(clock + 60_000) });
    const password = await after.request("/api/admin/login", { method: "POST", json: ADMIN });
    const step = (await password.json()) as { status: string; mfa_token: string };
    expect(step.status).toBe("mfa_required");
    const signedIn = await after.request("/api/admin/login/mfa", {
      method: "POST",
      json: { mfa_token: step.mfa_token, code: await codeAt(clock + 60_000) },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/session_id=/);

    const res = await after.request("/api/licenses/validate", { method: "POST", json: { key } });
    expect(await res.json()).toMatchObject({ valid: true, code: "VALID", product_id: "copy-dirx" });
    // Sequences moved past the copied ids: a new order and licence get fresh ones.
    expect(await buy(after, 2)).toMatch(/^ONI-/);
    // The summary tables the triggers keep were copied, not counted twice.
    const { rows: orders } = await target.pool!.query<{ n: string; total: string }>(
      "select (select count(*) from orders) as n, (select sum(count) from order_daily_counts) as total",
    );
    expect(Number(orders[0].total)).toBe(Number(orders[0].n));
  }, 120_000);

  it("refuses a target that holds rows", async () => {
    await expect(copyDatabase(source.db, target.pool!)).rejects.toBeInstanceOf(TargetNotEmptyError);
  });
});
