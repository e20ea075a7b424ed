import { eq } from "drizzle-orm";
import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { signIn } from "../../../tests/helpers/account-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { customers, questSubmissions } from "../../platform/db/schema";

// Taking part: submissions with their limits and window, the private attachment, flags with their throttle.
let t: TestApp;
let admin: Record<string, string>;
let dataDir: string;
let clock = new Date("2026-11-28T10:00:00Z");
let n = 0;
const actor = { adminId: null, ip: "127.0.0.1" } as never;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "quest-take-part-"));
  t = await createTestApp({ config: { DATA_DIR: dataDir }, now: () => clock });
  admin = (await t.loginAsAdmin()).headers;
});
afterAll(() => t.close());

async function quest(settings: Record<string, unknown> = {}) {
  const res = await t.request("/api/devquests", {
    method: "POST",
    headers: admin,
    json: { title: `Quest ${++n}`, description: "Do it", prize: "$12" },
  });
  const { quest: created } = await res.json();
  const parsed = QuestSettingsSchema.parse({ status: "open", kind: "submission", prize_kind: "cash", winners: 1, ...settings });
  await t.services.questSettings.save(created.id, parsed, actor);
  return created.id as number;
}

const participant = () => signIn(t, `player${++n}@example.com`);
const send = (id: number, headers: Record<string, string>, json: unknown, method = "POST") =>
  t.request(`/api/quests/${id}/submissions`, { method, headers, json });
const sendForm = (id: number, headers: Record<string, string>, form: FormData, method = "POST") =>
  t.request(`/api/quests/${id}/submissions`, { method, headers, body: form });
const files = async () => (await readdir(join(dataDir, "quest-attachments")).catch(() => [])).sort();

describe("quest submissions", () => {
  it("a new address signs in and submits; HTML is stored as text; a second submission is 409; an edit changes it", async () => {
    const id = await quest();
    const me = await participant();
    expect((await send(id, me, { body: "x" })).status).toBe(400); // a first submission needs a display name
    const html = "<script>alert(1)</script><b>bold</b>";
    const res = await send(id, me, { body: html, links: ["https://example.com/poc"], display_name: "Ada", public_credit: true });
    expect(res.status).toBe(201);
    const { submission } = await res.json();
    expect(submission).toMatchObject({ body: html, links: ["https://example.com/poc"], state: "submitted", attachment: null });
    expect((await send(id, me, { body: "again" })).status).toBe(409);
    const edited = await send(id, me, { body: "better" }, "PUT");
    expect(edited.status).toBe(200);
    expect((await edited.json()).submission.body).toBe("better");
    expect((await send(id, me, { body: "via post", edit: true })).status).toBe(201);
    const [row] = await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.id, submission.id));
    expect(row.body).toBe("via post");
    const [c] = await t.database.db.select().from(customers).where(eq(customers.id, row.customerId));
    expect(c).toMatchObject({ displayName: "Ada", publicCredit: true });
    // Once triaged it can no longer be changed.
    await t.database.db.update(questSubmissions).set({ state: "triaged" }).where(eq(questSubmissions.id, submission.id));
    expect((await send(id, me, { body: "late" }, "PUT")).status).toBe(409);
  });

  it("limits: 10,000 characters, 5 http(s) links; without a session 401, without the CSRF marker 403", async () => {
    const id = await quest();
    const me = await participant();
    const ok = { display_name: "Bo" };
    expect((await send(id, me, { ...ok, body: "a".repeat(10_001) })).status).toBe(400);
    expect((await send(id, me, { ...ok, links: Array.from({ length: 6 }, (_, k) => `https://e.com/${k}`) })).status).toBe(400);
    expect((await send(id, me, { ...ok, links: ["javascript:alert(1)"] })).status).toBe(400);
    expect((await send(id, me, { ...ok, links: ["ftp://e.com/x"] })).status).toBe(400);
    expect((await send(id, {}, { ...ok, body: "x" })).status).toBe(401);
    expect((await send(id, { cookie: me.cookie }, { ...ok, body: "x" })).status).toBe(403);
    expect(await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.questId, id))).toHaveLength(0);
    expect(
      (await send(id, me, { ...ok, body: "a".repeat(10_000), links: Array.from({ length: 5 }, (_, k) => `http://e.com/${k}`) })).status,
    ).toBe(201);
  });

  it("409 before opens_at, after the deadline, and when judging or closed; a draft is 404", async () => {
    const me = await participant();
    const body = { body: "x", display_name: "Cy" };
    expect((await send(await quest({ opens_at: "2026-11-29T10:00" }), me, body)).status).toBe(409);
    // 15:00 India time is 09:30 UTC, before the clock's 10:00.
    expect((await send(await quest({ deadline: "2026-11-28T15:00" }), me, body)).status).toBe(409);
    expect((await send(await quest({ status: "judging" }), me, body)).status).toBe(409);
    expect((await send(await quest({ status: "closed" }), me, body)).status).toBe(409);
    expect((await send(await quest({ status: "draft" }), me, body)).status).toBe(404);
  });

  it("an attachment is stored privately: its author and an admin download it (attachment, nosniff), another participant gets 404", async () => {
    const id = await quest();
    const me = await participant();
    const form = new FormData();
    form.set("body", "see file");
    form.set("links", "https://a.example/1\nhttps://a.example/2");
    form.set("display_name", "Dee");
    form.set("file", new File(["<html><script>alert(1)</script></html>"], "../../etc/poc.html", { type: "text/html" }));
    const res = await sendForm(id, me, form);
    expect(res.status).toBe(201);
    const { submission } = await res.json();
    expect(submission.links).toEqual(["https://a.example/1", "https://a.example/2"]);
    expect(submission.attachment).toEqual({ name: "poc.html", size: 38 });
    expect((await files()).filter((f) => f.endsWith(".part"))).toEqual([]);
    const mine = await t.request(`/api/account/quests/submissions/${submission.id}/attachment`, { headers: me });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toBe('attachment; filename="poc.html"');
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("content-type")).toBe("application/octet-stream");
    expect(await mine.text()).toBe("<html><script>alert(1)</script></html>");
    const other = await participant();
    expect((await t.request(`/api/account/quests/submissions/${submission.id}/attachment`, { headers: other })).status).toBe(404);
    const byAdmin = await t.request(`/api/admin/quests/submissions/${submission.id}/attachment`, { headers: admin });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers.get("content-disposition")).toBe('attachment; filename="poc.html"');
    const list = await (await t.request("/api/account/quests", { headers: me })).json();
    expect(list.submissions.map((s: { id: number }) => s.id)).toEqual([submission.id]);
  });

  it("over 10 MB: 413, no row and no file left", async () => {
    const id = await quest();
    const me = await participant();
    const before = await files();
    const form = new FormData();
    form.set("body", "big");
    form.set("display_name", "Eve");
    form.set("file", new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.bin"));
    expect((await sendForm(id, me, form)).status).toBe(413);
    expect(await files()).toEqual(before);
    expect(await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.questId, id))).toHaveLength(0);
    // Refused for the quest's window: the received file goes too.
    const closed = await quest({ status: "closed" });
    const small = new FormData();
    small.set("display_name", "Eve");
    small.set("file", new File(["x"], "x.txt"));
    expect((await sendForm(closed, me, small)).status).toBe(409);
    expect(await files()).toEqual(before);
  });
});

describe("flag quests", () => {
  it("the right flag is accepted at once; 5 tries per 10 minutes, then 429 with Retry-After", async () => {
    const id = await quest({ kind: "flag", flag: "FLAG{right}" });
    const me = await participant();
    const flag = (value: string, headers = me) => t.request(`/api/quests/${id}/flag`, { method: "POST", headers, json: { flag: value } });
    for (let k = 0; k < 4; k++) expect((await flag(`FLAG{wrong${k}}`)).status).toBe(400);
    const right = await flag("FLAG{right}");
    expect(right.status).toBe(201);
    expect((await right.json()).submission.state).toBe("accepted");
    const other = await participant();
    for (let k = 0; k < 5; k++) expect((await flag(`FLAG{no${k}}`, other)).status).toBe(400);
    const throttled = await flag("FLAG{right}", other);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    clock = new Date(clock.getTime() + 10 * 60_000);
    expect((await flag("FLAG{right}", other)).status).toBe(201);
    expect((await send(id, me, { body: "x", display_name: "F" })).status).toBe(409); // a flag quest takes no text
  });

  it("20 simultaneous right flags from one participant accept one submission", async () => {
    const id = await quest({ kind: "flag", flag: "FLAG{race}" });
    const me = await participant();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request(`/api/quests/${id}/flag`, { method: "POST", headers: me, json: { flag: "FLAG{race}" } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => [201, 409, 429].includes(s))).toBe(true);
    expect(await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.questId, id))).toHaveLength(1);
  });
});
