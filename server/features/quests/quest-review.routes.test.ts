import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { lastMail, signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { auditLog, coupons, customers, mailOutbox, questSubmissions } from "../../platform/db/schema";

let t: TestApp;
let headers: Record<string, string>;
const actor = { adminId: null, clientIp: "127.0.0.1" } as never;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "prize-tool", "1.0");
});
afterAll(() => t.close());

async function quest(settings: Record<string, unknown> = {}) {
  const res = await t.request("/api/devquests", {
    method: "POST",
    headers,
    json: { title: "Find a bug", description: "d", prize: "A licence" },
  });
  const { quest: created } = await res.json();
  const parsed = QuestSettingsSchema.parse({ status: "judging", kind: "submission", prize_kind: "cash", winners: 1, ...settings });
  await t.services.questSettings.save(created.id, parsed, actor);
  return created.id as number;
}

/** A participant and their submission, written directly (taking part is another area's API). */
async function submission(questId: number, body = "steps") {
  const email = `p${++n}-${Date.now()}@example.com`;
  const [c] = await t.database.db
    .insert(customers)
    .values({ email, name: `P ${n}`, displayName: `Hunter ${n}` })
    .returning();
  const [s] = await t.database.db.insert(questSubmissions).values({ questId, customerId: c.id, body }).returning();
  return { id: s.id, email };
}

const move = (app: TestApp, questId: number, id: number, json: Record<string, unknown>) =>
  app.request(`/api/admin/quests/${questId}/submissions/${id}/state`, { method: "POST", headers, json });
const mails = async (email: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.kind} = 'quest-review' and ${email} = any(${mailOutbox.toAddrs})`);
const audits = async (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "quest_submission"), eq(auditLog.entityId, String(id))));

describe("quest review", () => {
  it("follows the state machine: illegal moves 409, a note and first_answer_at on the first move, one audit row and mail each", async () => {
    const q = await quest({ winners: 2 });
    const s = await submission(q);
    expect((await move(t, q, s.id, { state: "accepted" })).status).toBe(409);
    const triaged = await move(t, q, s.id, { state: "triaged", note: "Looking <b>now</b>" });
    expect(triaged.status).toBe(200);
    const first = (await triaged.json()).submission;
    expect(first).toMatchObject({ state: "triaged", public_note: "Looking <b>now</b>" });
    expect(first.first_answer_at).not.toBeNull();
    expect((await move(t, q, s.id, { state: "paid" })).status).toBe(409);
    expect((await move(t, q, s.id, { state: "needs_info", note: "Which version?" })).status).toBe(200);
    expect((await move(t, q, s.id, { state: "triaged" })).status).toBe(409);
    // The participant's answer takes it back to submitted (the participant's side, not the admin's).
    await t.services.questReview.answer(
      q,
      s.id,
      (await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.id, s.id)))[0].customerId,
    );
    await expect(t.services.questReview.answer(q, s.id, 0)).rejects.toMatchObject({ kind: "conflict" });
    const again = await (await move(t, q, s.id, { state: "triaged" })).json();
    expect(again.submission.first_answer_at).toBe(first.first_answer_at);
    expect((await audits(s.id)).length).toBe(3);
    const sent = await mails(s.email);
    expect(sent.length).toBe(3);
    expect(sent.map((m) => m.html).join("")).toContain("Looking &lt;b&gt;now&lt;/b&gt;");
    expect((await move(t, q + 1000, s.id, { state: "accepted" })).status).toBe(404);
  });

  it("accepts no more than the quest's winners, counting paid ones", async () => {
    const q = await quest({ winners: 1 });
    const [a, b] = [await submission(q), await submission(q)];
    for (const s of [a, b]) expect((await move(t, q, s.id, { state: "triaged" })).status).toBe(200);
    expect((await move(t, q, a.id, { state: "accepted" })).status).toBe(200);
    expect(
      (await move(t, q, a.id, { state: "paid", cash_method: "UPI", cash_reference: "R1", cash_amount: "100", cash_paid_on: "2026-11-28" }))
        .status,
    ).toBe(200);
    const refused = await move(t, q, b.id, { state: "accepted" });
    expect(refused.status).toBe(409);
    expect((await mails(b.email)).length).toBe(1);
  });

  it("two instances on one database making the same move at once: one 200, one 409, one mail", async () => {
    const second = await createTestApp({ database: t.database });
    const q = await quest({ winners: 5 });
    const s = await submission(q);
    const codes = (await Promise.all([move(t, q, s.id, { state: "triaged" }), move(second, q, s.id, { state: "triaged" })])).map(
      (r) => r.status,
    );
    await second.close();
    expect(codes.sort()).toEqual([200, 409]);
    expect((await mails(s.email)).length).toBe(1);
    expect((await audits(s.id)).length).toBe(1);
  });

  it("two instances accepting two submissions past a one-winner cap at once: one accepted", async () => {
    const second = await createTestApp({ database: t.database });
    const q = await quest({ winners: 1 });
    const [a, b] = [await submission(q), await submission(q)];
    for (const s of [a, b]) await move(t, q, s.id, { state: "triaged" });
    const codes = (await Promise.all([move(t, q, a.id, { state: "accepted" }), move(second, q, b.id, { state: "accepted" })])).map(
      (r) => r.status,
    );
    await second.close();
    expect(codes.sort()).toEqual([200, 409]);
  });

  it("paying a licence prize makes a free order in the winner's account whose key validates", async () => {
    const q = await quest({ prize_kind: "licence", prize_product_id: "prize-tool", prize_version: "1.0" });
    const s = await submission(q);
    await move(t, q, s.id, { state: "triaged" });
    await move(t, q, s.id, { state: "accepted", note: "Well found" });
    const paid = await move(t, q, s.id, { state: "paid" });
    expect(paid.status).toBe(200);
    const { submission: done } = await paid.json();
    expect(done.prize_order_id).toBeGreaterThan(0);
    const receipt = await lastMail(t, s.email, "receipt");
    const key = receipt?.secrets?.key as string;
    const valid = await (await t.request("/api/licenses/validate", { method: "POST", json: { key } })).json();
    expect(valid.valid).toBe(true);
    const account = await (await t.request("/api/account", { headers: await signIn(t, s.email) })).json();
    expect(account.orders.map((o: { order_id: number }) => o.order_id)).toContain(done.prize_order_id);
    expect((await move(t, q, s.id, { state: "paid" })).status).toBe(409);
    const paidAudit = (await audits(s.id)).filter((a) => a.action === "quest.submission.paid");
    expect(paidAudit.length).toBe(1);
  });

  it("paying a coupon prize mails a single-use coupon; a cash prize needs its four fields", async () => {
    const q = await quest({ prize_kind: "coupon", prize_product_id: "prize-tool", prize_percent: 40 });
    const s = await submission(q);
    await move(t, q, s.id, { state: "triaged" });
    await move(t, q, s.id, { state: "accepted" });
    const { submission: done } = await (await move(t, q, s.id, { state: "paid" })).json();
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, done.prize_coupon_code));
    expect(coupon).toMatchObject({ discountPercent: 40, usedAt: null });
    const sent = await mails(s.email);
    expect(sent.some((m) => m.textBody.includes(done.prize_coupon_code))).toBe(true);

    const cq = await quest({ prize_kind: "cash", prize_amount: "500" });
    const c = await submission(cq);
    await move(t, cq, c.id, { state: "triaged" });
    await move(t, cq, c.id, { state: "accepted" });
    expect((await move(t, cq, c.id, { state: "paid", cash_method: "UPI" })).status).toBe(400);
    const ok = await move(t, cq, c.id, {
      state: "paid",
      cash_method: "UPI",
      cash_reference: "UTR123",
      cash_amount: "500",
      cash_paid_on: "2026-11-27",
    });
    expect(ok.status).toBe(200);
    const [row] = await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.id, c.id));
    expect(row).toMatchObject({
      state: "paid",
      cashMethod: "UPI",
      cashReference: "UTR123",
      cashAmountPaise: 50_000,
      cashPaidOn: "2026-11-27",
    });
  });
});
