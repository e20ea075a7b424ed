import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patchProblem } from "./patches";
import { waitForLockWaiters } from "../../../tests/helpers/pg-locks";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "patchy", ["1.0", "1.2", "2.0"]);
});
afterAll(() => t.close());

const create = (json: Record<string, unknown>, h = headers) =>
  t.request("/api/products/version/patch/create", {
    method: "POST",
    headers: h,
    json: { product: "patchy", majorVersion: "1.0", features: ["Fix"], ...json },
  });

describe("POST /api/products/version/patch/create", () => {
  it("creates patches by product id or name, each newer than the last (201)", async () => {
    const res = await create({ patchVersion: "1.0.1", features: ["Fix crash", " ", "Faster"] });
    expect(res.status).toBe(201);
    // The product as the catalogue names it, not its id.
    expect(await res.json()).toMatchObject({ status: "success", message: "Patch 1.0.1 of patchy Suite 1.0 created." });
    expect((await create({ product: "PATCHY SUITE", patchVersion: "1.0.2" })).status).toBe(201);
    const list = await (await t.request("/api/products/version/patches", { headers })).json();
    expect(list.status).toBe("success");
    expect(list.patches.map((p: { patchVersion: string }) => p.patchVersion)).toEqual(["1.0.2", "1.0.1"]);
    expect(list.patches[1]).toMatchObject({
      product_id: "patchy",
      product_name: "patchy Suite",
      version: "1.0",
      features: ["Fix crash", "Faster"],
    });
  });

  it("refuses a patch that is not newer or does not belong to the base version (400 on patchVersion)", async () => {
    for (const patchVersion of ["1.0.1.5", "0.9.1", "1.0", "1.2.1", "2.0.1"]) {
      const res = await create({ patchVersion });
      expect(res.status, patchVersion).toBe(400);
      expect(Object.keys((await res.json()).errors)).toEqual(["patchVersion"]);
    }
    const missing = await create({ product: "", patchVersion: "x" });
    expect(Object.keys((await missing.json()).errors).sort()).toEqual(["patchVersion", "product"]);
  });

  it("answers 409 for a duplicate, 404 for an unknown product or base version, 401/403 without a proper session", async () => {
    const duplicate = await create({ patchVersion: "1.0.2" });
    expect(duplicate.status).toBe(409);
    // On the Patch Version field, so the form shows it there and moves the focus to it.
    expect((await duplicate.json()).errors).toEqual({ patchVersion: "Patch 1.0.2 of patchy Suite 1.0 already exists." });
    expect((await create({ majorVersion: "3.0", patchVersion: "3.0.1" })).status).toBe(404);
    expect((await create({ product: "nothing", patchVersion: "1.0.3" })).status).toBe(404);
    expect((await create({ patchVersion: "1.0.3" }, {})).status).toBe(401);
    expect((await create({ patchVersion: "1.0.3" }, { cookie: headers.cookie })).status).toBe(403);
    expect((await t.request("/api/products/version/patches")).status).toBe(401);
  });
});

describe("patchProblem", () => {
  it("compares dotted versions numerically", () => {
    expect(patchProblem("1.9", "1.10", [], ["1.9", "2.0"])).toBeNull();
    expect(patchProblem("1.9", "1.9.10", ["1.9.9"], ["1.9"])).toBeNull();
    expect(patchProblem("1.9", "1.9.2", ["1.9.10"], ["1.9"])).toMatch(/latest patch 1.9.10/);
    expect(patchProblem("1.9", "1.10", [], ["1.9", "1.10"])).toMatch(/next version 1.10/);
  });

  // Each patch is checked against the earlier ones. A transaction holding the base version's row
  // queues two creates (1.0.4 sent before 1.0.3); without the service's own lock on that row, both
  // pass the check with no earlier patch and both are stored, 1.0.3 after 1.0.4.
  it.runIf(process.env.TEST_DB === "postgres")("checks patches of one base sent at once against each other", async () => {
    const pool = t.database.pool;
    if (!pool) throw new Error("expected a pg pool");
    await addVersions(t, headers, "patchy", ["3.0"]);
    const blocker = await pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query("select id from product_versions where product_id = 'patchy' and version = '3.0' for update");
      const later = create({ majorVersion: "3.0", patchVersion: "3.0.4" });
      await waitForLockWaiters(pool, 1);
      const earlier = create({ majorVersion: "3.0", patchVersion: "3.0.3" });
      await waitForLockWaiters(pool, 2);
      await blocker.query("rollback");
      // The row lock queue is first come, first served: 3.0.4 is stored, then 3.0.3 is not newer than it.
      expect((await Promise.all([later, earlier])).map((r) => r.status)).toEqual([201, 400]);
      const list = await (await t.request("/api/products/version/patches", { headers })).json();
      expect(
        list.patches.filter((p: { version: string }) => p.version === "3.0").map((p: { patchVersion: string }) => p.patchVersion),
      ).toEqual(["3.0.4"]);
    } finally {
      blocker.release();
    }
  });
});
