import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../platform/errors";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<TestApp["loginAsAdmin"]>>;
beforeAll(async () => {
  t = await createTestApp({ config: { CONTACT_RATE_LIMIT: 3 } });
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

const send = (json: unknown, ip: string) => t.request("/api/contact-general", { method: "POST", json, ip });
const list = async (query = "") => (await t.request(`/api/admin/messages${query}`, { headers: admin.headers })).json();

describe("POST /api/contact-general", () => {
  it("stores the home form and the campus form before answering 201", async () => {
    const home = await send({ name: "Asha", email: "asha@example.com", message: "Do you audit web apps?" }, "10.1.0.1");
    expect(home.status).toBe(201);
    expect(await home.json()).toEqual({ status: "success", message: "Message sent successfully" });
    const campus = await send(
      {
        name: "Ravi",
        email: "ravi@example.edu",
        orgType: "others",
        orgName: "",
        otherType: "coaching centre",
        message: "A CAMPUS demo, please.",
      },
      "10.1.0.1",
    );
    expect(campus.status).toBe(201);
    expect((await campus.json()).message).toBe("Contact form submitted successfully!");
    const { messages } = await list();
    expect(messages.slice(0, 2)).toMatchObject([
      { source: "campus", name: "Ravi", orgType: "others", otherType: "coaching centre", orgName: null, status: "new" },
      { source: "general", name: "Asha", email: "asha@example.com", orgType: null },
    ]);
  });

  it("answers 201 to a bot that ticks the honeypot but stores nothing", async () => {
    const before = (await list()).total;
    const res = await send({ name: "bot", email: "bot@example.com", message: "buy now", botcheck: true }, "10.1.0.2");
    expect(res.status).toBe(201);
    expect((await list()).total).toBe(before);
  });

  it("names each bad field, and needs otherType only for orgType others", async () => {
    const res = await send({ name: "", email: "nope", message: "" }, "10.1.0.3");
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["email", "message", "name"]);
    const campus = await send({ name: "A", email: "a@example.com", orgType: "others", message: "hi" }, "10.1.0.3");
    expect((await campus.json()).errors).toEqual({ otherType: expect.any(String) });
  });

  it("refuses other content types (415) and bodies over 64 KB (413)", async () => {
    const text = await t.request("/api/contact-general", { method: "POST", body: "hi", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    const big = await send({ name: "A", email: "a@example.com", message: "x".repeat(70_000) }, "10.1.0.4");
    expect(big.status).toBe(413);
    // A declared length over the limit is refused before the body is read (Node's parser never
    // delivers more than Content-Length, so the server trusts the header when it is there).
    const declared = await t.request("/api/contact-general", {
      method: "POST",
      body: JSON.stringify({ name: "A", email: "a@example.com", message: "hi" }),
      headers: { "content-type": "application/json", "content-length": String(70_000) },
    });
    expect(declared.status).toBe(413);
  });

  it("throttles one client IP after CONTACT_RATE_LIMIT messages a minute, not another", async () => {
    const body = { name: "Flood", email: "flood@example.com", message: "again" };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(body, "10.1.0.5")).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await send(body, "10.1.0.6")).status).toBe(201);
  });

  it("answers 50 simultaneous posts from one IP with exactly CONTACT_RATE_LIMIT 201s, the rest 429 + Retry-After", async () => {
    const before = (await list()).total;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send({ name: "Burst", email: "burst@example.com", message: `burst ${i}` }, "10.1.0.8")),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(47);
    for (const res of answers.filter((r) => r.status === 429)) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await list()).total).toBe(before + 3);
  });

  it("is callable from a no-JS form action with raw form values", async () => {
    const result = await t.services.contact.submit(
      "campus",
      { name: "Meera", email: "m@example.org", orgType: "school", orgName: "St. Mary", message: "Demo" },
      "10.1.0.7",
    );
    expect(result).toEqual({ stored: true });
    await expect(t.services.contact.submit("general", { name: "x" }, "10.1.0.7")).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe("admin messages", () => {
  it("lists newest first with paging and filters", async () => {
    const page = await list("?pageSize=2&page=1");
    expect(page.messages).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const times = page.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const campus = await list("?source=campus");
    expect(campus.messages.every((m: { source: string }) => m.source === "campus")).toBe(true);
    const bad = await t.request("/api/admin/messages?status=spam", { headers: admin.headers });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["status"]);
  });

  it("marks a message read; 404 for an unknown id; 401 without a session; 403 without X-Requested-With", async () => {
    const [first] = (await list()).messages;
    const patch = (id: string | number, headers: Record<string, string>) =>
      t.request(`/api/admin/messages/${id}`, { method: "PATCH", headers, json: { status: "read" } });
    const ok = await patch(first.id, admin.headers);
    expect(ok.status).toBe(200);
    expect((await ok.json()).contactMessage).toMatchObject({ id: first.id, status: "read" });
    expect((await list("?status=read")).messages.map((m: { id: number }) => m.id)).toContain(first.id);
    expect((await patch(999_999, admin.headers)).status).toBe(404);
    expect((await patch("abc", admin.headers)).status).toBe(404);
    expect((await patch(first.id, {})).status).toBe(401);
    expect((await patch(first.id, { cookie: admin.cookie })).status).toBe(403);
    expect((await t.request("/api/admin/messages")).status).toBe(401);
  });
});
