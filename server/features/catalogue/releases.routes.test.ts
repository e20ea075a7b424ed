import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionIdOf } from "../../../tests/helpers/order-fixtures";
import { addVersions, versionInput } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
const patchOf = async (productId: string, version: string, patchVersion: string, draft = false) => {
  const res = await t.request("/api/products/version/patch/create", {
    method: "POST",
    headers,
    json: { product: productId, majorVersion: version, patchVersion, features: [`Fixes of ${patchVersion}`], draft },
  });
  expect(res.status).toBe(201);
};

beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "rl-tool", ["1.2", "1.10"]);
  const draft = await t.request("/api/oni/add/product/version", {
    method: "POST",
    headers,
    json: versionInput("rl-tool", "2.0", { draft: true }),
  });
  expect(draft.status).toBe(201);
  await patchOf("rl-tool", "1.10", "1.10.1");
  await patchOf("rl-tool", "1.10", "1.10.2");
  await patchOf("rl-tool", "1.10", "1.10.3", true);
  const yankedPatch = (
    await (await t.request(`/api/admin/product-versions/${await versionIdOf(t.database.db, "rl-tool", "1.10")}`, { headers })).json()
  ).patches[1];
  expect(yankedPatch.patch_version).toBe("1.10.2");
  await t.request(`/api/admin/patches/${yankedPatch.id}`, {
    method: "PATCH",
    headers,
    json: { status: "yanked", yank_reason: "Broke updates" },
  });
  await t.request(`/api/admin/product-versions/${await versionIdOf(t.database.db, "rl-tool", "1.2")}`, {
    method: "PATCH",
    headers,
    json: { status: "yanked", yank_reason: "Licence check failed offline" },
  });
});
afterAll(() => t.close());

describe("GET /api/releases/:productId", () => {
  it("lists public versions newest first with requirements, dependencies, packages and the public patches; no drafts", async () => {
    const res = await t.request("/api/releases/rl-tool");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((r: { version: string }) => r.version)).toEqual(["1.10", "1.2"]);
    const [latest, old] = body;
    expect(latest).toMatchObject({
      status: "published",
      yank_reason: null,
      features: ["Fast scan"],
      requirements: {
        os: ["linux", "mac"],
        ram: "8 GB",
        gpu: "none",
        processor: "x86_64 or arm64",
        storage: "200 MB",
        network: "internet for updates",
      },
      external: [{ name: "nmap", os: "linux", link: "https://nmap.org", version: "7.94" }],
      python: [{ name: "requests", version: "2.32" }],
      artifacts: [],
    });
    expect(Date.parse(latest.published_at)).toBeGreaterThan(0);
    expect(latest.patches).toMatchObject([
      { version: "1.10.2", status: "yanked", yank_reason: "Broke updates", features: ["Fixes of 1.10.2"] },
      { version: "1.10.1", status: "published", yank_reason: null, features: ["Fixes of 1.10.1"] },
    ]);
    expect(old).toMatchObject({ version: "1.2", status: "yanked", yank_reason: "Licence check failed offline" });
    // The draft version 2.0 and the draft patch 1.10.3 stay out (compared by field: a timestamp's
    // digits could contain either string).
    expect(latest.patches.map((p: { version: string }) => p.version)).toEqual(["1.10.2", "1.10.1"]);
    expect(old.patches).toEqual([]);
  });

  it("shows a draft once it is published", async () => {
    const id = await versionIdOf(t.database.db, "rl-tool", "2.0");
    expect((await t.request(`/api/admin/product-versions/${id}`, { method: "PATCH", headers, json: { status: "published" } })).status).toBe(
      200,
    );
    const body = await (await t.request("/api/releases/rl-tool")).json();
    expect(body[0]).toMatchObject({ version: "2.0", status: "published" });
  });

  it("is 404 for an unknown or malformed product, and needs no session", async () => {
    const unknown = await t.request("/api/releases/no-such-tool");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status: "error" });
    expect((await t.request("/api/releases/Not%20A%20Slug!")).status).toBe(404);
  });
});
