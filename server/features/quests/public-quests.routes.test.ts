import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog, customers, pageTopics, questSubmissions, quests } from "../../platform/db/schema";

let t: TestApp;
let headers: Record<string, string>;
let clock = new Date("2026-11-28T10:00:00Z");
const actor = { adminId: null, ip: "127.0.0.1" } as never;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "quest-tool", ["2.0"]);
});
afterAll(() => t.close());

const questsCounter = async () => (await t.database.db.select().from(pageTopics).where(eq(pageTopics.topic, "quests")))[0]?.version ?? 0;

async function quest(title: string, settings: Record<string, unknown> = {}) {
  const res = await t.request("/api/devquests", {
    method: "POST",
    headers,
    json: { title, description: "Line one\\nLine two", prize: "$12" },
  });
  const { quest: created } = await res.json();
  const parsed = QuestSettingsSchema.parse({ status: "open", kind: "submission", prize_kind: "cash", winners: 1, ...settings });
  await t.services.questSettings.save(created.id, parsed, actor);
  return created.id as number;
}

describe("public quests", () => {
  it("a quest from POST /devquests is an open submission quest; drafts stay off every public list", async () => {
    const open = await quest("Open one");
    const draft = await quest("Hidden draft", { status: "draft" });
    const list = await t.services.publicQuests.list();
    expect(list.map((q) => q.id)).toContain(open);
    expect(list.map((q) => q.id)).not.toContain(draft);
    await expect(t.services.publicQuests.get(draft)).rejects.toMatchObject({ kind: "not_found" });
    const api = await (await t.request("/api/devquests")).json();
    expect(api.quests.map((q: { id: number }) => q.id)).not.toContain(draft);
    expect((await t.services.publicQuests.get(open)).status).toBe("open");
  });

  it("an open quest past its deadline shows as judging, and the deadline job moves it", async () => {
    const id = await quest("Deadline soon", { deadline: "2026-11-28T18:00" });
    const before = await questsCounter();
    // 18:00 India time is 12:30 UTC.
    expect((await t.services.publicQuests.get(id)).deadline).toBe("2026-11-28T12:30:00.000Z");
    clock = new Date("2026-11-28T12:31:00Z");
    expect((await t.services.publicQuests.get(id)).status).toBe("judging");
    expect(await t.services.questSettings.judgeDue()).toBeGreaterThanOrEqual(1);
    // The cached quest pages are dropped on every instance: the quests counter moved.
    expect(await questsCounter()).toBeGreaterThan(before);
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row.status).toBe("judging");
    clock = new Date("2026-11-28T10:00:00Z");
  });

  it("refuses a prize the catalogue does not sell, a deadline before the opening, and a flag quest without a flag", async () => {
    const id = await quest("Prize checks");
    const save = (settings: Record<string, unknown>) =>
      t.services.questSettings.save(
        id,
        QuestSettingsSchema.parse({ status: "open", kind: "submission", prize_kind: "cash", winners: 1, ...settings }),
        actor,
      );
    await expect(save({ prize_kind: "licence", prize_product_id: "no-such-tool", prize_version: "1.0" })).rejects.toMatchObject({
      fieldErrors: { prize_product_id: expect.any(String) },
    });
    await expect(save({ prize_kind: "licence", prize_product_id: "quest-tool", prize_version: "9.9" })).rejects.toMatchObject({
      fieldErrors: { prize_version: expect.any(String) },
    });
    await expect(save({ kind: "flag" })).rejects.toMatchObject({ fieldErrors: { flag: expect.any(String) } });
    const bad = QuestSettingsSchema.safeParse({
      status: "open",
      kind: "submission",
      prize_kind: "cash",
      winners: 1,
      opens_at: "2026-12-02T10:00",
      deadline: "2026-12-01T10:00",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["deadline"]);
    await save({ prize_kind: "licence", prize_product_id: "quest-tool", prize_version: "2.0", kind: "flag", flag: "flag{s3cret}" });
    const [row] = await t.database.db.select().from(quests).where(eq(quests.id, id));
    expect(row).toMatchObject({ prizeKind: "licence", prizeProductId: "quest-tool", prizeVersion: "2.0", kind: "flag" });
    expect(row.flagHash).toMatch(/^\$argon2id\$/);
    // The audit names what changed and never the flag.
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "quest.settings"));
    expect(JSON.stringify(audits)).not.toContain("s3cret");
    expect(JSON.stringify(audits)).not.toContain("argon2");
  });

  it("counts submissions, names credited winners of closed quests and computes the median time to a first answer", async () => {
    const id = await quest("Closed with winners", { status: "closed", winners: 2 });
    const [ann, bob] = await t.database.db
      .insert(customers)
      .values([
        { email: "ann@example.com", name: "Ann", displayName: "ann_sec", publicCredit: true },
        { email: "bob@example.com", name: "Bob", displayName: "bob", publicCredit: false },
      ])
      .returning();
    const at = (h: number) => new Date(clock.getTime() - 48 * 3_600_000 + h * 3_600_000);
    await t.database.db.insert(questSubmissions).values([
      { questId: id, customerId: ann.id, state: "accepted", createdAt: at(0), firstAnswerAt: at(2) },
      { questId: id, customerId: bob.id, state: "paid", createdAt: at(0), firstAnswerAt: at(6) },
    ]);
    const shown = await t.services.publicQuests.get(id);
    expect(shown.submissions).toBe(2);
    expect(shown.winnerNames).toEqual(["ann_sec"]);
    expect(await t.services.publicQuests.medianHoursToFirstAnswer()).toBe(4);
    const fame = await t.services.publicQuests.hallOfFame();
    expect(fame).toEqual([{ name: "ann_sec", quests: [{ id, title: "Closed with winners" }] }]);
  });
});
