import { sql } from "drizzle-orm";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtifactCreatedSchema } from "../../../contract/artifacts";
import { buy, PAY_SECRET } from "../../../tests/helpers/account-fixtures";
import { sha256Hex, uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { SessionCustomer } from "./customer-sessions";

// The account's downloads (the /account page's loader and its "download" action call these).
let t: TestApp;
let admin: Record<string, string>;
const data = new Uint8Array(700).map((_, i) => (i * 13) % 256);
const ids: Record<string, number> = {};

async function upload(product: string, version: string, platform: string): Promise<number> {
  const res = await t.request("/api/admin/artifacts", {
    method: "POST",
    headers: admin,
    body: uploadForm({ product_id: product, version, platform, arch: "x86_64" }, { name: `${product}-${version}-${platform}.tgz`, data }),
  });
  return ArtifactCreatedSchema.parse(await res.json()).id;
}
const publish = (product: string, version: string, at: string, status = "published") =>
  t.database.db.execute(
    sql`update product_versions set status = ${status}, published_at = ${at} where product_id = ${product} and version = ${version}`,
  );
const customerOf = async (email: string): Promise<SessionCustomer> => {
  const rows = await t.database.db.execute<{ id: number; email: string; name: string }>(
    sql`select id, email, name from customers where email = ${email}`,
  );
  return { ...rows.rows[0], id: Number(rows.rows[0].id) } as SessionCustomer;
};
const builds = async (email: string) => {
  const account = t.services.customerAccount;
  const read = await account.read(await customerOf(email));
  return { read, builds: await account.builds(read) };
};

beforeAll(async () => {
  t = await createTestApp({
    config: { ARTIFACTS_DIR: await mkdtemp(join(tmpdir(), "acct-dl-")), PAYMENT_TEST_SECRET: PAY_SECRET, CHECKOUT_RATE_LIMIT: 10_000 },
  });
  admin = (await t.loginAsAdmin()).headers;
  for (const v of ["1.0", "2.0", "3.0"]) await addSaleVersion(t, "acct-tool", v);
  await addSaleVersion(t, "acct-other", "1.0");
  await publish("acct-tool", "1.0", "2020-01-01T00:00:00Z");
  await publish("acct-tool", "2.0", "2022-01-01T00:00:00Z");
  await publish("acct-tool", "3.0", "2023-01-01T00:00:00Z", "draft");
  ids.v1linux = await upload("acct-tool", "1.0", "linux");
  ids.v2linux = await upload("acct-tool", "2.0", "linux");
  ids.v2windows = await upload("acct-tool", "2.0", "windows");
  ids.v3linux = await upload("acct-tool", "3.0", "linux");
  ids.other = await upload("acct-other", "1.0", "linux");
});
afterAll(() => t.close());

describe("downloads on the account", () => {
  it("lists the product page's builds (the newest published release's per platform), never a draft nor another product's", async () => {
    await buy(t, "dl-active@example.com");
    const { read, builds: byLicence } = await builds("dl-active@example.com");
    const licence = read.orders[0].licence?.id as number;
    expect(byLicence[licence].map((b) => b.id)).toEqual([ids.v2windows, ids.v2linux]);
    // The one list: what the product page and the receipt show for the same product.
    expect(byLicence[licence]).toEqual((await t.services.downloads.productBuilds("acct-tool")).builds);
    expect(byLicence[licence][0]).toMatchObject({
      release_version: "2.0",
      platform: "windows",
      arch: "x86_64",
      size: 700,
      sha256: sha256Hex(data),
    });
  });

  it("the download action's link streams the build; another customer's licence is 404 to them", async () => {
    await buy(t, "dl-owner@example.com");
    await buy(t, "dl-stranger@example.com");
    const owner = await customerOf("dl-owner@example.com");
    const stranger = await customerOf("dl-stranger@example.com");
    const licence = (await t.services.customerAccount.read(owner)).orders[0].licence?.id as number;
    const link = await t.services.customerAccount.downloadLink(owner.id, licence, ids.v2linux, "10.20.0.1");
    expect(link.url).toMatch(/^\/dl\//);
    const res = await t.request(link.url);
    expect(res.status).toBe(200);
    expect(sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(sha256Hex(data));
    await expect(t.services.customerAccount.downloadLink(stranger.id, licence, ids.v2linux, "10.20.0.1")).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(t.services.customerAccount.downloadLink(owner.id, licence, ids.other, "10.20.0.1")).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(t.services.customerAccount.downloadLink(owner.id, licence, ids.v3linux, "10.20.0.1")).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("a licence past its term keeps what was published before it ended; a revoked one gets nothing", async () => {
    const expired = await buy(t, "dl-expired@example.com");
    await t.database.db.execute(sql`update licences set expires_at = '2021-06-01T00:00:00Z' where order_id = ${expired.orderId}`);
    const { read, builds: byLicence } = await builds("dl-expired@example.com");
    const licence = read.orders[0].licence?.id as number;
    expect(read.orders[0].licence?.status).toBe("expired");
    expect(byLicence[licence].map((b) => b.id)).toEqual([ids.v1linux]);
    const customer = await customerOf("dl-expired@example.com");
    await expect(t.services.customerAccount.downloadLink(customer.id, licence, ids.v2linux, "10.20.0.1")).rejects.toMatchObject({
      kind: "forbidden",
    });
    expect((await t.services.customerAccount.downloadLink(customer.id, licence, ids.v1linux, "10.20.0.1")).url).toMatch(/^\/dl\//);

    const revoked = await buy(t, "dl-revoked@example.com");
    await t.database.db.execute(sql`update licences set revoked_at = now() where order_id = ${revoked.orderId}`);
    const after = await builds("dl-revoked@example.com");
    const revokedId = after.read.orders[0].licence?.id as number;
    expect(after.builds[revokedId]).toBeUndefined();
    const who = await customerOf("dl-revoked@example.com");
    await expect(t.services.customerAccount.downloadLink(who.id, revokedId, ids.v1linux, "10.20.0.1")).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});
