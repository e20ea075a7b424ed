import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ config: { CONTACT_RATE_LIMIT: 100 } });
  headers = (await t.loginAsAdmin()).headers;
  const people = [
    ["Asha", "asha@example.com", "Do you audit web apps?"],
    ["Ravi", "ravi@example.edu", "We need 100% coverage_of tests"],
    ["Meera", "meera@example.org", "Pricing for the WEB scanner please"],
    ["Kiran", "kiran@example.com", "Hello"],
  ];
  for (const [name, email, message] of people) {
    const res = await t.request("/api/contact-general", { method: "POST", json: { name, email, message }, ip: "10.9.0.1" });
    expect(res.status).toBe(201);
  }
  const rows = await queryRows<{ id: number; name: string }>(t.database.db, sql`select id, name from contact_messages`);
  for (const r of rows) ids[r.name] = Number(r.id);
});
afterAll(() => t.close());

const names = async (query: string) => {
  const res = await t.request(`/api/admin/messages?${query}`, { headers });
  expect(res.status, query).toBe(200);
  return ((await res.json()).messages as { name: string }[]).map((m) => m.name).sort();
};
const bulk = (json: unknown) => t.request("/api/admin/messages/bulk", { method: "POST", headers, json });

describe("message search", () => {
  it("finds words in the name, e-mail or text, case-insensitively; % and _ are plain characters", async () => {
    expect(await names("q=web")).toEqual(["Asha", "Meera"]);
    expect(await names("q=EXAMPLE.COM")).toEqual(["Asha", "Kiran"]);
    expect(await names("q=ravi")).toEqual(["Ravi"]);
    expect(await names("q=100%25")).toEqual(["Ravi"]);
    expect(await names("q=_")).toEqual(["Ravi"]);
    expect(await names("q=%25")).toEqual(["Ravi"]);
    expect(await names("q=nobody")).toEqual([]);
    expect((await t.request(`/api/admin/messages?q=${"x".repeat(101)}`, { headers })).status).toBe(400);
  });
});

describe("POST /api/admin/messages/bulk", () => {
  it("marks several read or archived in one call, skips unknown ids, and audits", async () => {
    const res = await bulk({ ids: [ids.Asha, ids.Ravi, 999_999], action: "read" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "2 messages marked read.", affected: 2 });
    expect(await names("status=read")).toEqual(["Asha", "Ravi"]);
    expect((await (await bulk({ ids: [ids.Ravi], action: "archived" })).json()).affected).toBe(1);
    expect(await names("status=archived")).toEqual(["Ravi"]);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where action like 'message.bulk%'`);
    expect(audit.map((a) => a.action).sort()).toEqual(["message.bulk_archived", "message.bulk_read"]);
  });

  it("refuses an empty or oversized list, an unknown action, and calls without a session or the CSRF header", async () => {
    expect((await bulk({ ids: [], action: "read" })).status).toBe(400);
    expect((await bulk({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: "read" })).status).toBe(400);
    expect((await bulk({ ids: [1], action: "spam" })).status).toBe(400);
    expect((await t.request("/api/admin/messages/bulk", { method: "POST", json: { ids: [1], action: "read" } })).status).toBe(401);
    const noCsrf = await t.request("/api/admin/messages/bulk", {
      method: "POST",
      headers: { cookie: headers.cookie },
      json: { ids: [1], action: "read" },
    });
    expect(noCsrf.status).toBe(403);
  });

  it("deletes several for good", async () => {
    const res = await bulk({ ids: [ids.Meera, ids.Kiran], action: "delete" });
    expect((await res.json()).message).toBe("2 messages deleted.");
    expect(await names("")).toEqual(["Asha", "Ravi"]);
  });
});

describe("DELETE /api/admin/messages/:id", () => {
  it("deletes one (200, audited without its text), then 404", async () => {
    const res = await t.request(`/api/admin/messages/${ids.Asha}`, { method: "DELETE", headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "Message deleted." });
    expect(await names("")).toEqual(["Ravi"]);
    expect((await t.request(`/api/admin/messages/${ids.Asha}`, { method: "DELETE", headers })).status).toBe(404);
    const [entry] = await queryRows<{ detail: unknown }>(t.database.db, sql`select detail from audit_log where action = 'message.delete'`);
    expect(JSON.stringify(entry.detail)).not.toContain("audit web apps");
  });
});

describe("the sidebar's unread count (messages.unreadCount, read by the admin layout's loader)", () => {
  it("counts only new messages: a visitor's message adds one, mark read, archive and delete take it away", async () => {
    const unread = () => t.services.messages.unreadCount();
    const before = await unread(); // whatever the describes above left
    const sent: number[] = [];
    for (const name of ["Unread-1", "Unread-2", "Unread-3"]) {
      const res = await t.request("/api/contact-general", {
        method: "POST",
        json: { name, email: "unread@example.com", message: "New" },
        ip: "10.9.0.2",
      });
      expect(res.status).toBe(201);
      const [row] = await queryRows<{ id: number }>(t.database.db, sql`select id from contact_messages where name = ${name}`);
      sent.push(Number(row.id));
    }
    expect(await unread()).toBe(before + 3);
    const mark = (id: number, status: string) => t.request(`/api/admin/messages/${id}`, { method: "PATCH", headers, json: { status } });
    expect((await mark(sent[0], "read")).status).toBe(200);
    expect(await unread()).toBe(before + 2);
    expect((await bulk({ ids: [sent[1]], action: "archived" })).status).toBe(200);
    expect(await unread()).toBe(before + 1);
    expect((await mark(sent[0], "new")).status).toBe(200); // marked unread again counts again
    expect(await unread()).toBe(before + 2);
    expect((await t.request(`/api/admin/messages/${sent[2]}`, { method: "DELETE", headers })).status).toBe(200);
    expect((await bulk({ ids: [sent[0]], action: "read" })).status).toBe(200);
    expect(await unread()).toBe(before);
  });
});
