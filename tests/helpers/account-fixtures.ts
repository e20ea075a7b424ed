import { desc, sql } from "drizzle-orm";
import { CreatedOrderSchema } from "../../contract/store";
import type { TestApp } from "./test-app";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { mailOutbox } from "../../server/platform/db/schema";
import { openSecrets } from "../../server/features/mail/mail-secrets";

// Test helpers of the customers area's tests: a paid order, the sign-in mail's secrets, a signed-in customer.
export const PAY_SECRET = "test-secret-for-account-tests";
let n = 0;

export async function buy(t: TestApp, email: string, product = "acct-tool"): Promise<{ key: string; orderId: number }> {
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: "10.9.0.1" });
  const o = CreatedOrderSchema.parse(
    await (await post("/api/checkout/orders", { product_id: product, version: "1.0", email, name: "Asha" })).json(),
  );
  const payId = `pay_ACCOUNT${String(++n).padStart(7, "0")}`;
  const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
    razorpay_order_id: o.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(PAY_SECRET, o.payment.provider_order_id, payId),
  });
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status}`);
  return { key: ((await res.json()) as { licence_key: string }).licence_key, orderId: o.order_id };
}

/** The newest mail of `kind` to `to`, with its opened secrets. */
export async function lastMail(t: TestApp, to: string, kind: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.kind} = ${kind} and ${to} = any(${mailOutbox.toAddrs})`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const row = rows[0];
  return row ? { row, secrets: row.secrets ? openSecrets(t.config, row.secrets) : null } : undefined;
}

/** Asks for a code (from an address of its own, clear of the per-IP limit) and signs in with it; returns the cookie header and the CSRF marker. */
export async function signIn(
  t: TestApp,
  email: string,
  ip = `10.9.${++n % 250}.${Math.floor(Math.random() * 250)}`,
): Promise<Record<string, string>> {
  await t.request("/api/account/sign-in", { method: "POST", json: { email }, ip });
  const mail = await lastMail(t, email, "account-sign-in");
  const res = await t.request("/api/account/verify", { method: "POST", json: { email, code: mail?.secrets?.code }, ip });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return { cookie, "x-requested-with": "XMLHttpRequest" };
}
