import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { admins, auditLog, mailOutbox } from "../../platform/db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a test mail from the Outbox", () => {
  it("is queued through the outbox like every mail, with no secret, and audited once with who sent it", async () => {
    await t.loginAsAdmin();
    const [admin] = await t.database.db.select({ id: admins.id }).from(admins);
    const { id } = await t.services.testMail.send({ to: "ops@example.com" }, { adminId: admin.id, clientIp: "198.51.100.4" });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(mail).toMatchObject({ kind: "test-mail", toAddrs: ["ops@example.com"], status: "pending", secrets: null });
    expect(mail.subject).toMatch(/^Test mail from /);
    expect(mail.textBody).toContain("to check that the site's mail reaches ops@example.com");
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "mail.test"));
    expect(audits).toMatchObject([{ adminId: admin.id, entity: "mail_outbox", entityId: String(id), clientIp: "198.51.100.4" }]);
  });
});
