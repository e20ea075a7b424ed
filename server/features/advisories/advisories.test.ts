import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OsvSchema } from "../../../contract/osv";
import { advisories, auditLog, mailOutbox } from "../../platform/db/schema";
import { addBareVersion, addLicenceHolder, adminActor, advisoryDraft } from "../../../tests/helpers/advisory-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { toOsv } from "./osv";

let t: TestApp;
let actor = { adminId: 0, clientIp: "127.0.0.1" };
const YEAR = new Date().getUTCFullYear();

const addVersion = (productId: string, version: string) => addBareVersion(t, productId, version);
const holder = (productId: string, version: string, email: string, state?: "valid" | "revoked" | "expired") =>
  addLicenceHolder(t, productId, version, email, state);
const draft = (overrides: Record<string, unknown> = {}) => advisoryDraft({ cve_id: "CVE-2026-40001", ...overrides });

const advisoryMails = async () =>
  (await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, "security-advisory")))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  actor = await adminActor(t);
  await t.database.db.execute(sql`insert into products (id, name) values ('dirx', 'DirX'), ('ogre', 'OgreSync')`);
  for (const v of ["1.0", "2.0", "2.0.1", "2.1"]) await addVersion("dirx", v);
  await addVersion("ogre", "2.0");
  await holder("dirx", "2.0", "holder-20@example.com");
  await holder("dirx", "2.0.1", "holder-201@example.com");
  await holder("dirx", "2.1", "holder-21@example.com");
  await holder("dirx", "1.0", "holder-10@example.com");
  await holder("dirx", "2.0", "revoked-20@example.com", "revoked");
  await holder("dirx", "2.0", "expired-20@example.com", "expired");
  await holder("ogre", "2.0", "ogre-20@example.com");
});
afterAll(() => t.close());

describe("advisories", () => {
  it("creates a draft numbered PREFIX-YYYY-NNN with the score the CVSS calculator gives, and one audit row", async () => {
    const { id } = await t.services.advisories.create(draft(), actor);
    expect(id).toBe(`ONI-${YEAR}-001`);
    const row = await t.services.advisories.get(id);
    expect(row).toMatchObject({ status: "draft", cvssScoreTenths: 75, severity: "high", cveId: "CVE-2026-40001", productName: "DirX" });
    expect(row.publishedAt).toBeNull();
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).toEqual(["advisory.create"]);
    await expect(t.services.advisories.getPublic(id)).rejects.toMatchObject({ kind: "not_found" });
  });

  it.each([
    ["an invalid CVSS vector", { cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H" }, "cvss_vector"],
    ["a CVSS 3.0 vector", { cvss_vector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" }, "cvss_vector"],
    ["a version range that does not parse", { ranges: [{ introduced: "2.x", fixed: "2.1" }] }, "ranges.0.introduced"],
    ["a fix before the first affected version", { ranges: [{ introduced: "2.1", fixed: "2.0" }] }, "ranges.0.fixed"],
    ["a version the product does not have", { ranges: [{ introduced: "2.0", fixed: "9.9" }] }, "ranges.0.fixed"],
    ["an unknown product", { product_id: "nothere" }, "product_id"],
    ["a bad CVE id", { cve_id: "CVE-26-1" }, "cve_id"],
  ])("refuses %s with its field error and stores nothing", async (_what, change, field) => {
    const before = await t.database.db.$count(advisories);
    await expect(
      t.services.advisories.create(draft({ ...change, cve_id: (change as { cve_id?: string }).cve_id ?? "" }), actor),
    ).rejects.toMatchObject({
      kind: "invalid_input",
      fieldErrors: expect.objectContaining({ [field]: expect.any(String) }),
    });
    expect(await t.database.db.$count(advisories)).toBe(before);
  });

  it("publishes once, mailing each valid licence of an affected version once; a second publish is refused", async () => {
    const { id } = await t.services.advisories.create(draft({ cve_id: "" }), actor);
    const before = await advisoryMails();
    expect(await t.services.advisories.publish(id, actor)).toEqual({ mailed: 2 });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security-advisory"));
    expect(
      mails
        .slice(before)
        .map((m) => m.toAddrs[0])
        .sort(),
    ).toEqual(["holder-201@example.com", "holder-20@example.com"]);
    expect(mails.at(-1)!.textBody).toContain(`/security/advisories/${id}`);
    await expect(t.services.advisories.publish(id, actor)).rejects.toMatchObject({ kind: "conflict" });
    // Saving the published advisory again mails no one twice; widening it to 1.0 mails the 1.0 holder alone.
    expect(await t.services.advisories.update(id, draft({ cve_id: "" }), actor)).toEqual({ mailed: 0 });
    expect(await t.services.advisories.update(id, draft({ cve_id: "", ranges: [{ introduced: "1.0", fixed: "2.1" }] }), actor)).toEqual({
      mailed: 1,
    });
    expect(await advisoryMails()).toBe(before + 3);
    expect(await t.services.advisories.affecting("dirx", "2.0.1")).toEqual([
      { id, severity: "high", summary: draft().summary, fixed_in: "2.1" },
    ]);
    expect(await t.services.advisories.affecting("dirx", "2.1")).toEqual([]);
    expect([...(await t.services.advisories.fixedBy("dirx")).keys()]).toEqual(["2.1"]);
    expect(await t.services.advisories.credited()).toContainEqual({ name: "Mira Rao", year: expect.any(Number) });
    expect((await t.services.advisories.credited()).map((c) => c.name)).not.toContain("Quiet Person");
  });

  it("withdraws a published advisory: still public, marked withdrawn, out of the update check", async () => {
    const { id } = await t.services.advisories.create(draft({ cve_id: "", product_id: "ogre", ranges: [{ introduced: "0" }] }), actor);
    await t.services.advisories.publish(id, actor);
    expect((await t.services.advisories.affecting("ogre", "2.0")).map((a) => a.id)).toEqual([id]);
    await t.services.advisories.withdraw(id, actor);
    expect(await t.services.advisories.affecting("ogre", "2.0")).toEqual([]);
    const shown = await t.services.advisories.getPublic(id);
    expect(shown.status).toBe("withdrawn");
    const osv = OsvSchema.parse(toOsv(shown, { ecosystem: "Oni Labs", origin: "https://example.com" }));
    expect(osv.withdrawn).toMatch(/Z$/);
    await expect(t.services.advisories.update(id, draft({ cve_id: "" }), actor)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("numbers advisories made at once without a gap or a repeat", async () => {
    const made = await Promise.all(Array.from({ length: 5 }, () => t.services.advisories.create(draft({ cve_id: "" }), actor)));
    const numbers = made.map((m) => Number(m.id.split("-")[2])).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers[4] - numbers[0]).toBe(4);
  });

  it("two app instances publishing and re-saving the same advisory at once mail each holder once", async () => {
    const other = await createTestApp({ database: t.database });
    const { id } = await t.services.advisories.create(draft({ cve_id: "" }), actor);
    const before = await advisoryMails();
    const outcomes = await Promise.allSettled([t.services.advisories.publish(id, actor), other.services.advisories.publish(id, actor)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    await Promise.all([
      t.services.advisories.update(id, draft({ cve_id: "" }), actor),
      other.services.advisories.update(id, draft({ cve_id: "" }), actor),
    ]);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security-advisory"));
    expect(mails.length - before).toBe(2);
    expect(mails.slice(before).every((m) => m.textBody.includes(id))).toBe(true);
    await other.close();
  });
});
