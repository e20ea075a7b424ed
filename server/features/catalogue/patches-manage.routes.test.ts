import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { patchEditProblem } from "./patches";
import { waitForLockWaiters } from "../../../tests/helpers/pg-locks";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "mend", ["1.0", "1.2", "2.0"]);
});
afterAll(() => t.close());

type Listed = { id: number; version_id: number; version: string; patchVersion: string; features: string[] };

/** Creates patches of mend `base` in the given order; answers their ids by patch version. */
async function createPatches(base: string, patches: string[]): Promise<Record<string, number>> {
  for (const patchVersion of patches) {
    const res = await t.request("/api/products/version/patch/create", {
      method: "POST",
      headers,
      json: { product: "mend", majorVersion: base, patchVersion, features: [`Fix in ${patchVersion}`] },
    });
    if (res.status !== 201) throw new Error(`${patchVersion}: ${res.status} ${await res.text()}`);
  }
  const { patches: list } = (await (await t.request("/api/products/version/patches", { headers })).json()) as { patches: Listed[] };
  return Object.fromEntries(list.filter((p) => p.version === base).map((p) => [p.patchVersion, p.id]));
}

const patch = (id: number | string, json: unknown, h = headers) =>
  t.request(`/api/admin/patches/${id}`, { method: "PATCH", headers: h, json });
const del = (id: number | string, h = headers) => t.request(`/api/admin/patches/${id}`, { method: "DELETE", headers: h });
const lastAudit = async (id: number) =>
  (
    await queryRows<{ action: string; detail: Record<string, unknown> }>(
      t.database.db,
      sql`select action, detail from audit_log where entity = 'patch_release' and entity_id = ${String(id)} order by id desc limit 1`,
    )
  )[0];

describe("PATCH /api/admin/patches/:id", () => {
  it("changes the features and the patch version, answers the stored patch and audits before and after", async () => {
    const ids = await createPatches("1.0", ["1.0.1", "1.0.4"]);
    const features = await patch(ids["1.0.1"], { features: ["Fix crash", " ", "Faster start"] });
    expect(features.status).toBe(200);
    expect((await features.json()).patch).toMatchObject({
      id: ids["1.0.1"],
      product_id: "mend",
      product_name: "mend Suite",
      version: "1.0",
      patch_version: "1.0.1",
      features: ["Fix crash", "Faster start"],
    });
    expect(await lastAudit(ids["1.0.1"])).toEqual({
      action: "patch.update",
      detail: {
        product_id: "mend",
        version: "1.0",
        before: { features: ["Fix in 1.0.1"] },
        after: { features: ["Fix crash", "Faster start"] },
      },
    });

    const renamed = await patch(ids["1.0.1"], { patch_version: "1.0.3" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      status: "success",
      message: "Patch 1.0.3 of mend Suite 1.0 saved.",
      patch: { patch_version: "1.0.3" },
    });
    expect((await lastAudit(ids["1.0.1"])).detail).toMatchObject({ before: { patch_version: "1.0.1" }, after: { patch_version: "1.0.3" } });
    const versionId = (await (await t.request("/api/products/version/patches", { headers })).json()).patches.find(
      (p: Listed) => p.id === ids["1.0.1"],
    ).version_id;
    const detail = await (await t.request(`/api/admin/product-versions/${versionId}`, { headers })).json();
    expect(detail.patches.map((p: { patch_version: string; features: string[] }) => [p.patch_version, p.features])).toEqual([
      ["1.0.3", ["Fix crash", "Faster start"]],
      ["1.0.4", ["Fix in 1.0.4"]],
    ]);
  });

  it("keeps a patch in its place: 400 on patch_version out of order or off its base, 409 for another patch's version", async () => {
    const ids = await createPatches("1.2", ["1.2.2", "1.2.5", "1.2.8"]);
    const middle = ids["1.2.5"];
    for (const patchVersion of ["1.2.2", "1.2.1", "1.2.9", "1.2", "1.1.9", "2.0.1", "1.3"]) {
      const res = await patch(middle, { patch_version: patchVersion });
      const expected = patchVersion === "1.2.2" ? 409 : 400;
      expect(res.status, patchVersion).toBe(expected);
      if (expected === 400) expect(Object.keys((await res.json()).errors), patchVersion).toEqual(["patch_version"]);
    }
    const clash = await patch(middle, { patch_version: "1.2.8" });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe("Patch 1.2.8 of mend Suite 1.2 already exists.");
    expect((await patch(middle, { patch_version: "1.2.7" })).status).toBe(200);
    // Nothing else moved, and the refused edits wrote no audit entry.
    const stored = await queryRows<{ patch_version: string }>(
      t.database.db,
      sql`select patch_version from patch_releases where id in (${ids["1.2.2"]}, ${middle}, ${ids["1.2.8"]}) order by id`,
    );
    expect(stored.map((r) => r.patch_version)).toEqual(["1.2.2", "1.2.7", "1.2.8"]);
    const audits = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'patch.update' and entity_id = ${String(middle)}`,
    );
    expect(audits[0].n).toBe(1);
  });

  it("refuses bad bodies with 400 field errors, unknown ids with 404, and callers without a proper session", async () => {
    const { "2.0.1": id } = await createPatches("2.0", ["2.0.1"]);
    const bad: [unknown, string][] = [
      [{}, ""],
      [{ patch_version: "two" }, "patch_version"],
      [{ features: "Fix" }, "features"],
      [{ features: ["x".repeat(301)] }, "features.0"],
      [{ features: Array.from({ length: 51 }, (_, i) => `f${i}`) }, "features"],
      [{ version: "1.0" }, ""],
      [{ product_id: "other", features: [] }, ""],
    ];
    for (const [body, field] of bad) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.status).toBe("error");
      if (field) expect(Object.keys(answer.errors)).toContain(field);
    }
    for (const missing of [999_999, 0, -1, "abc", "1.5", "99999999999"]) {
      expect((await patch(missing, { features: [] })).status, String(missing)).toBe(404);
      expect((await del(missing)).status, String(missing)).toBe(404);
    }
    expect((await patch(id, { features: [] }, {})).status).toBe(401);
    expect((await patch(id, { features: [] }, { cookie: headers.cookie })).status).toBe(403);
    expect((await del(id, {})).status).toBe(401);
    expect((await del(id, { cookie: headers.cookie })).status).toBe(403);
    const [row] = await queryRows<{ features: string[] }>(t.database.db, sql`select features from patch_releases where id = ${id}`);
    expect(row.features).toEqual(["Fix in 2.0.1"]);
  });
});

describe("DELETE /api/admin/patches/:id", () => {
  it("deletes one patch, audits what it was, and answers 404 after", async () => {
    const { "2.0.5": id } = await createPatches("2.0", ["2.0.5"]);
    const res = await del(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "The patch was deleted." });
    const audit = await lastAudit(id);
    expect(audit.action).toBe("patch.delete");
    expect(audit.detail).toMatchObject({
      product_id: "mend",
      version: "2.0",
      before: { patch_version: "2.0.5", features: ["Fix in 2.0.5"] },
    });
    expect((await del(id)).status).toBe(404);
    expect((await patch(id, { features: [] })).status).toBe(404);
    const { patches: list } = await (await t.request("/api/products/version/patches", { headers })).json();
    expect(list.map((p: Listed) => p.id)).not.toContain(id);
  });
});

describe("patchEditProblem", () => {
  it("keeps the patch between its neighbours, on its base, below the next version", () => {
    expect(patchEditProblem("1.9", "1.9.5", "1.9.7", ["1.9.2", "1.9.8"], ["1.9", "2.0"])).toBeNull();
    expect(patchEditProblem("1.9", "1.9.5", "1.9.2", ["1.9.2", "1.9.8"], ["1.9"])).toMatch(/before it, 1.9.2/);
    expect(patchEditProblem("1.9", "1.9.5", "1.9.10", ["1.9.2", "1.9.8"], ["1.9"])).toMatch(/after it, 1.9.8/);
    expect(patchEditProblem("1.9", "1.9.5", "1.10", [], ["1.9", "1.10"])).toMatch(/next version 1.10/);
    expect(patchEditProblem("1.9", "1.9.5", "2.9.1", [], ["1.9"])).toMatch(/major number 1/);
  });

  // Two edits of one base's patches, each fine alone, that together would swap their order (1.0.1 -> 1.0.6
  // and 1.0.7 -> 1.0.2). The base version's row lock makes them take turns, so the second sees the first.
  it.runIf(process.env.TEST_DB === "postgres")("checks edits of one base sent at once against each other", async () => {
    const pool = t.database.pool;
    if (!pool) throw new Error("expected a pg pool");
    await addVersions(t, headers, "mend", ["3.0"]);
    const ids = await createPatches("3.0", ["3.0.1", "3.0.7"]);
    const blocker = await pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query("select id from product_versions where product_id = 'mend' and version = '3.0' for update");
      const first = patch(ids["3.0.1"], { patch_version: "3.0.6" });
      await waitForLockWaiters(pool, 1);
      const second = patch(ids["3.0.7"], { patch_version: "3.0.2" });
      await waitForLockWaiters(pool, 2);
      await blocker.query("rollback");
      expect((await Promise.all([first, second])).map((r) => r.status)).toEqual([200, 400]);
      const stored = await queryRows<{ patch_version: string }>(
        t.database.db,
        sql`select patch_version from patch_releases where id in (${ids["3.0.1"]}, ${ids["3.0.7"]}) order by id`,
      );
      expect(stored.map((r) => r.patch_version)).toEqual(["3.0.6", "3.0.7"]);
    } finally {
      blocker.release();
    }
  });
});
