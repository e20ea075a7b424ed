import { sql } from "drizzle-orm";
import { admins, licences } from "../../server/platform/db/schema";
import { insertOrder, versionIdOf } from "./order-fixtures";
import type { TestApp } from "./test-app";

/** A catalogue version row with only what the table requires. */
export async function addBareVersion(t: TestApp, productId: string, version: string) {
  await t.database.db.execute(
    sql`insert into product_versions (product_id, version, os, features, external, python)
        values (${productId}, ${version}, '{linux}', '{}', '[]'::jsonb, '[]'::jsonb)`,
  );
}

/** A paid order of `version` with its licence; `revoked`/`expired` make it no longer valid. */
export async function addLicenceHolder(
  t: TestApp,
  productId: string,
  version: string,
  email: string,
  state: "valid" | "revoked" | "expired" = "valid",
) {
  const orderId = await insertOrder(t.database.db, {
    versionId: await versionIdOf(t.database.db, productId, version),
    paymentId: `pay_${email}`,
    email,
  });
  const day = 86_400_000;
  await t.database.db.insert(licences).values({
    orderId,
    keyHash: `hash-${email}`,
    keyEncrypted: "sealed",
    machineLimit: 1,
    expiresAt: new Date(Date.now() + (state === "expired" ? -day : 300 * day)),
    revokedAt: state === "revoked" ? new Date() : null,
  });
}

/** The test admin as the actor the advisories service records. */
export async function adminActor(t: TestApp) {
  await t.loginAsAdmin();
  return { adminId: (await t.database.db.select({ id: admins.id }).from(admins))[0].id, clientIp: "127.0.0.1" };
}

/** A valid advisory draft of dirx 2.0 fixed in 2.1; `overrides` change any field. */
export const advisoryDraft = (overrides: Record<string, unknown> = {}) => ({
  title: "Path traversal in the wordlist loader",
  summary: "A crafted wordlist path reads files outside the scan directory.",
  details: "dirx 2.0 follows `../` in wordlist names.\n\nUpdate to 2.1.",
  product_id: "dirx",
  ranges: [{ introduced: "2.0", fixed: "2.1" }],
  cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
  cve_id: "",
  credits: [
    { name: "Mira Rao", consent: true },
    { name: "Quiet Person", consent: false },
  ],
  ...overrides,
});
