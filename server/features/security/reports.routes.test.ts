import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, products, securityReports } from "../../platform/db/schema";
import { openSecrets } from "../mail/mail-secrets";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { CONTACT_RATE_LIMIT: 3 } });
  await t.database.db.insert(products).values({ id: "dirx", name: "DirX" });
});
afterAll(() => t.close());

const send = (json: unknown, ip: string) => t.request("/api/security/reports", { method: "POST", json, ip });
const report = {
  name: "Mira",
  email: "mira@example.com",
  title: "Stored XSS in the blog search",
  details: "Steps: ...",
  product_id: "dirx",
  version: "1.2.0",
};
const stored = async () => (await t.database.db.select({ n: count() }).from(securityReports))[0].n;
const mails = async () =>
  (await t.database.db.select({ n: count() }).from(mailOutbox).where(like(mailOutbox.kind, "security-report%")))[0].n;

/** The status link's token, from the sealed secrets of the reporter's mail (what the sender fills in). */
async function tokenOfLastReceipt(): Promise<string> {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security-report-receipt"));
  return openSecrets(t.config, rows.at(-1)!.secrets!)!.token;
}

describe("POST /api/security/reports", () => {
  it("stores the report and mails the security contact and the reporter, whose link shows the status", async () => {
    const res = await send({ ...report, credit: true }, "10.7.0.1");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "success" });
    const rows = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.kind, "security-report%"));
    expect(rows.map((m) => [m.kind, m.toAddrs])).toEqual([
      ["security-report-notification", [t.config.site.security?.contact ?? t.config.site.email]],
      ["security-report-receipt", ["mira@example.com"]],
    ]);
    // The contact's mail names the hole but leaves its details to the admin; the link's token never sits in a body.
    expect(rows[0].textBody).toContain("Stored XSS in the blog search");
    expect(rows[0].textBody).not.toContain("Steps: ...");
    expect(rows[1].textBody).toContain("/security/reports/{{secret:token}}");
    const status = await t.services.securityReports.byToken(await tokenOfLastReceipt());
    expect(status).toMatchObject({ title: report.title, status: "received", productName: "DirX", version: "1.2.0", replies: [] });
  });

  it("answers 201 to a bot that ticks the honeypot but stores nothing", async () => {
    const [before, mailed] = [await stored(), await mails()];
    expect((await send({ ...report, botcheck: "on" }, "10.7.0.2")).status).toBe(201);
    expect([await stored(), await mails()]).toEqual([before, mailed]);
  });

  it.each([
    ["a line break in the name", { name: "Mira\r\nBcc: x@example.com" }, "name"],
    ["a line break in the e-mail", { email: "mira@example.com\nBcc: x@example.com" }, "email"],
    ["a line break in the title", { title: "XSS\r\nX-Injected: 1" }, "title"],
    ["a title over 200 characters", { title: "t".repeat(201) }, "title"],
    ["details over 20,000 characters", { details: "d".repeat(20_001) }, "details"],
    ["no details", { details: " " }, "details"],
    ["a product not in the catalogue", { product_id: "nothing" }, "product_id"],
    ["a credit without a name", { name: "", credit: true }, "name"],
  ])("refuses %s with a field error and stores nothing", async (_, change, field) => {
    const [before, mailed] = [await stored(), await mails()];
    const res = await send({ ...report, ...change }, "10.7.0.3");
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors)).toEqual([field]);
    expect([await stored(), await mails()]).toEqual([before, mailed]);
  });

  it("takes exactly 20,000 characters of details", async () => {
    expect((await send({ ...report, details: "d".repeat(20_000) }, "10.7.0.4")).status).toBe(201);
  });

  it("throttles per client address as the contact form does", async () => {
    for (let i = 0; i < 3; i++) expect((await send(report, "10.7.0.5")).status).toBe(201);
    const before = await stored();
    const res = await send(report, "10.7.0.5");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toBe(before);
    expect((await send(report, "10.7.0.6")).status).toBe(201);
  });
});

describe("answering a report", () => {
  it("records one audit row per change, mails a public reply once, shows replies but never notes on the link, credits once fixed", async () => {
    await t.services.admins.createOrReset("sec-admin@example.com", "correct horse battery staple");
    expect((await send({ ...report, name: "Credit Me", credit: true }, "10.7.1.1")).status).toBe(201);
    const token = await tokenOfLastReceipt();
    const [{ id }] = (await t.services.securityReports.list({})).reports;
    const actor = { adminId: 1, clientIp: "10.0.0.1" };
    const replies = async () =>
      (await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, "security-report-reply")))[0].n;
    const audits = async () =>
      (await t.database.db.select({ n: count() }).from(auditLog).where(like(auditLog.action, "security_report.%")))[0].n;
    const [repliesBefore, auditsBefore] = [await replies(), await audits()];

    expect(
      (await t.services.securityReports.update({ id, status: "triaged", reply: "Confirmed, fixing.", note: "CVSS 6.1" }, actor)).changes,
    ).toHaveLength(3);
    expect([await replies(), await audits()]).toEqual([repliesBefore + 1, auditsBefore + 3]);
    // The same status again is no change: no audit row.
    await t.services.securityReports.update({ id, status: "triaged", note: "still on it" }, actor);
    expect(await audits()).toBe(auditsBefore + 4);

    const seen = await t.services.securityReports.byToken(token);
    expect(seen.status).toBe("triaged");
    expect(seen.replies.map((r) => r.body)).toEqual(["Confirmed, fixing."]);
    expect(JSON.stringify(seen)).not.toContain("CVSS");

    expect((await t.services.securityReports.credited()).map((c) => c.name)).not.toContain("Credit Me");
    await t.services.securityReports.update({ id, status: "fixed" }, actor);
    expect((await t.services.securityReports.credited()).map((c) => c.name)).toContain("Credit Me");
    // Mira's first report asked for credit too but is still "received".
    expect((await t.services.securityReports.credited()).map((c) => c.name)).not.toContain("Mira");
  });

  it("refuses an empty change, and an unknown token is not found", async () => {
    const [{ id }] = (await t.services.securityReports.list({})).reports;
    await expect(t.services.securityReports.update({ id }, { adminId: 1, clientIp: "x" })).rejects.toMatchObject({ kind: "invalid_input" });
    await expect(t.services.securityReports.byToken("A".repeat(43))).rejects.toMatchObject({ kind: "not_found" });
  });
});
