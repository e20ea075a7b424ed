import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
});
afterAll(() => t.close());

const create = (json: unknown, h = headers) => t.request("/api/devquests", { method: "POST", headers: h, json });

describe("/api/devquests", () => {
  it("creates quests (201) and lists them publicly, newest first", async () => {
    const first = await create({ title: "Find the hidden path", description: "Use dirx.\\nReport the path.", prize: "$12" });
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toEqual({
      status: "success",
      quest: { id: expect.any(Number), title: "Find the hidden path", description: "Use dirx.\\nReport the path.", prize: "$12" },
    });
    await create({ title: "Second quest", description: "More", prize: "$20" });
    const res = await t.request("/api/devquests");
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.status).toBe("success");
    expect(list.quests.map((q: { title: string }) => q.title)).toEqual(["Second quest", "Find the hidden path"]);
    expect(list.quests[1]).toMatchObject({ id: body.quest.id, createdAt: expect.any(String) });
  });

  it("names missing fields (400), needs a session (401) and the XHR header with a cookie (403), JSON (415)", async () => {
    const bad = await create({ title: " ", prize: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["description", "prize", "title"]);
    const quest = { title: "T", description: "D", prize: "$1" };
    expect((await create(quest, {})).status).toBe(401);
    expect((await create(quest, { cookie: headers.cookie })).status).toBe(403);
    const form = await t.request("/api/devquests", {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "title=T",
    });
    expect(form.status).toBe(415);
  });

  it("refuses a NUL character or a lone surrogate with a field error (400), which PostgreSQL cannot store (was a 500)", async () => {
    const res = await create({ title: "Null\u0000byte", description: "D", prize: "$1" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ title: expect.any(String) });
    const nested = await t.request("/api/oni/add/product/version", { method: "POST", headers, json: { features: ["ok", "bad\u0000"] } });
    expect((await nested.json()).errors).toEqual({ "features.1": expect.any(String) });
    const surrogate = await create({ title: "T", description: "lone \ud800 half", prize: "$1" });
    expect(surrogate.status).toBe(400);
    expect((await surrogate.json()).errors).toEqual({ description: expect.any(String) });
    expect((await create({ title: "Emoji 😀 pair", description: "D", prize: "$1" })).status).toBe(201);
    // Deep nesting within the 64 KB limit is walked without exhausting the stack.
    const deep = await t.request("/api/devquests", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: "[".repeat(30_000) + "]".repeat(30_000),
    });
    expect(deep.status).toBe(400);
  });
});

describe("PATCH and DELETE /api/admin/quests/:id", () => {
  it("edits some fields (audited before/after), deletes, and answers 404 after", async () => {
    const admin = { headers };
    const created = await t.request("/api/devquests", {
      method: "POST",
      headers: admin.headers,
      json: { title: "Edit me", description: "Old text", prize: "$5" },
    });
    const { quest } = await created.json();
    const patched = await t.request(`/api/admin/quests/${quest.id}`, { method: "PATCH", headers: admin.headers, json: { prize: "$50" } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).quest).toEqual({ ...quest, prize: "$50" });
    expect((await t.request(`/api/admin/quests/${quest.id}`, { method: "PATCH", headers: admin.headers, json: {} })).status).toBe(400);
    expect(
      (await t.request(`/api/admin/quests/${quest.id}`, { method: "PATCH", headers: admin.headers, json: { title: " " } })).status,
    ).toBe(400);
    expect((await t.request(`/api/admin/quests/${quest.id}`, { method: "DELETE" })).status).toBe(401);
    const deleted = await t.request(`/api/admin/quests/${quest.id}`, { method: "DELETE", headers: admin.headers });
    expect(deleted.status).toBe(200);
    expect((await t.request(`/api/admin/quests/${quest.id}`, { method: "DELETE", headers: admin.headers })).status).toBe(404);
    expect(
      (await t.request(`/api/admin/quests/${quest.id}`, { method: "PATCH", headers: admin.headers, json: { prize: "$1" } })).status,
    ).toBe(404);
    const list = await (await t.request("/api/devquests")).json();
    expect(list.quests.map((q: { id: number }) => q.id)).not.toContain(quest.id);
  });
});
