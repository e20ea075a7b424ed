import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { CreatedOrderSchema } from "../../contract/store";
import { checkoutSignature } from "../../server/integrations/payments/signature";
import { queryRows } from "../../server/platform/db/query-rows";
import type { TestApp } from "./test-app";

export const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** A multipart upload body for POST /api/admin/artifacts. */
export function uploadForm(fields: Record<string, string>, file: { name: string; data: Uint8Array<ArrayBuffer> | string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([file.data]), file.name);
  return form;
}

/** A patch of a version, written straight to the table. */
export async function addPatch(t: Pick<TestApp, "database">, versionId: number, patchVersion: string, status = "published") {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into patch_releases (product_version_id, patch_version, features, status, published_at)
      values (${versionId}, ${patchVersion}, array['Fixes for ' || ${patchVersion}], ${status}, now()) returning id`,
  );
  return Number(rows[0].id);
}

/** Buys the version through the test provider (PAYMENT_TEST_SECRET = secret) and returns its licence key. */
export async function buyLicence(t: TestApp, secret: string, productId: string, version: string, n: number): Promise<string> {
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, ip: "10.9.0.1" });
  const o = CreatedOrderSchema.parse(
    await (await post("/api/checkout/orders", { product_id: productId, version, email: `buyer${n}@example.com`, name: "Buyer" })).json(),
  );
  const payId = `pay_ARTIFACT${String(n).padStart(6, "0")}`;
  const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
    razorpay_order_id: o.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(secret, o.payment.provider_order_id, payId),
  });
  const body = (await res.json()) as { licence_key: string };
  return body.licence_key;
}
