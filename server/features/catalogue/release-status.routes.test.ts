import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionIdOf } from "../../../tests/helpers/order-fixtures";
import { addVersions, versionInput } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "rs-tool", ["1.0"]);
});
afterAll(() => t.close());

const patchVersion = (id: number, json: unknown) => t.request(`/api/admin/product-versions/${id}`, { method: "PATCH", headers, json });
const patchPatch = (id: number, json: unknown) => t.request(`/api/admin/patches/${id}`, { method: "PATCH", headers, json });
const detail = async (id: number) => (await t.request(`/api/admin/product-versions/${id}`, { headers })).json();

describe("release status of a version", () => {
  it("a version made through the original add call (/api/oni/add/product/version) starts published, dated", async () => {
    const body = await detail(await versionIdOf(t.database.db, "rs-tool", "1.0"));
    expect(body).toMatchObject({ status: "published", yank_reason: null });
    expect(Date.parse(body.published_at)).toBeGreaterThan(0);
  });

  it("a draft is published once (stamped), yanked with a reason, un-yanked keeping its date", async () => {
    const made = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("rs-tool", "2.0", { draft: true }),
    });
    expect(made.status).toBe(201);
    const id = await versionIdOf(t.database.db, "rs-tool", "2.0");
    expect(await detail(id)).toMatchObject({ status: "draft", published_at: null });

    const published = await patchVersion(id, { status: "published" });
    expect(published.status).toBe(200);
    const { version } = await published.json();
    expect(version.status).toBe("published");
    const publishedAt = version.published_at;
    expect(Date.parse(publishedAt)).toBeGreaterThan(0);

    const noReason = await patchVersion(id, { status: "yanked" });
    expect(noReason.status).toBe(400);
    expect(Object.keys((await noReason.json()).errors)).toEqual(["yank_reason"]);
    expect((await patchVersion(id, { status: "yanked", yank_reason: "  " })).status).toBe(400);

    const yanked = await patchVersion(id, { status: "yanked", yank_reason: "Crashes on start" });
    expect(yanked.status).toBe(200);
    expect((await yanked.json()).version).toMatchObject({ status: "yanked", yank_reason: "Crashes on start", published_at: publishedAt });

    const back = await patchVersion(id, { status: "published" });
    expect((await back.json()).version).toMatchObject({ status: "published", yank_reason: null, published_at: publishedAt });
  });

  it("refuses going back to draft (409), a reason on a release that is not yanked (400) and an unknown status (400)", async () => {
    const id = await versionIdOf(t.database.db, "rs-tool", "1.0");
    const draft = await patchVersion(id, { status: "draft" });
    expect(draft.status).toBe(409);
    expect(await draft.json()).toMatchObject({ status: "error" });
    expect((await patchVersion(id, { yank_reason: "Why" })).status).toBe(400);
    expect((await patchVersion(id, { status: "gone" })).status).toBe(400);
    expect((await detail(id)).status).toBe("published");
  });
});

describe("release status of a patch", () => {
  it("starts published through the original create call (/api/products/version/patch/create); yank needs a reason; un-yank; the list shows the status", async () => {
    const made = await t.request("/api/products/version/patch/create", {
      method: "POST",
      headers,
      json: { product: "rs-tool", majorVersion: "1.0", patchVersion: "1.0.1", features: ["Fix"] },
    });
    expect(made.status).toBe(201);
    const versionId = await versionIdOf(t.database.db, "rs-tool", "1.0");
    const [p] = (await detail(versionId)).patches;
    expect(p).toMatchObject({ patch_version: "1.0.1", status: "published", yank_reason: null });
    expect(p.published_at).not.toBeNull();

    const noReason = await patchPatch(p.id, { status: "yanked" });
    expect(noReason.status).toBe(400);
    expect(Object.keys((await noReason.json()).errors)).toEqual(["yank_reason"]);
    const yanked = await patchPatch(p.id, { status: "yanked", yank_reason: "Broke the login" });
    expect((await yanked.json()).patch).toMatchObject({ status: "yanked", yank_reason: "Broke the login" });
    const list = await (await t.request("/api/products/version/patches", { headers })).json();
    expect(list.patches.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: "yanked" });
    expect((await patchPatch(p.id, { status: "draft" })).status).toBe(409);
    const back = await patchPatch(p.id, { status: "published" });
    expect((await back.json()).patch).toMatchObject({ status: "published", yank_reason: null, published_at: p.published_at });
  });

  it("a patch saved as a draft is published later; unknown ids are 404", async () => {
    const made = await t.request("/api/products/version/patch/create", {
      method: "POST",
      headers,
      json: { product: "rs-tool", majorVersion: "1.0", patchVersion: "1.0.2", features: ["Draft fix"], draft: true },
    });
    expect(made.status).toBe(201);
    const p = (await detail(await versionIdOf(t.database.db, "rs-tool", "1.0"))).patches.find(
      (x: { patch_version: string }) => x.patch_version === "1.0.2",
    );
    expect(p).toMatchObject({ status: "draft", published_at: null });
    const published = await patchPatch(p.id, { status: "published" });
    expect((await published.json()).patch.published_at).not.toBeNull();
    expect((await patchPatch(999999, { status: "published" })).status).toBe(404);
  });
});
