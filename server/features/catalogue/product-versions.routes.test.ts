import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { insertOrder, versionIdOf } from "../../../tests/helpers/order-fixtures";
import { addVersions, versionInput } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ config: { COUPON_PREFIX: "PV" } });
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "pv-tool", ["1.0", "1.2", "1.10"]);
  await addVersions(t, headers, "pv-other", ["2.0"]);
});
afterAll(() => t.close());

const get = (path: string, h: Record<string, string> = headers) => t.request(path, { headers: h });
const patch = (id: number, json: unknown, h = headers) =>
  t.request(`/api/admin/product-versions/${id}`, { method: "PATCH", headers: h, json });
const del = (id: number, h = headers) => t.request(`/api/admin/product-versions/${id}`, { method: "DELETE", headers: h });

describe("GET /api/admin/product-versions", () => {
  it("lists versions by product then numeric version, filtered by product", async () => {
    const res = await get("/api/admin/product-versions?product_id=pv-tool");
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items.map((v: { version: string }) => v.version)).toEqual(["1.0", "1.2", "1.10"]);
    expect(items[0]).toMatchObject({
      product_id: "pv-tool",
      product_name: "pv-tool Suite",
      amount: 19.99,
      currency: "INR",
      for_sale: false,
    });
    expect(items[0]).toMatchObject({ licence_term_months: 12, machine_limit: 3, archived: false });
    const all = await (await get("/api/admin/product-versions")).json();
    expect(all.items.map((v: { product_id: string }) => v.product_id)).toEqual(["pv-other", "pv-tool", "pv-tool", "pv-tool"]);
  });

  it("needs a session and refuses a malformed filter", async () => {
    expect((await get("/api/admin/product-versions", {})).status).toBe(401);
    expect((await get("/api/admin/product-versions?product_id=Not%20A%20Slug!")).status).toBe(400);
    expect((await get("/api/admin/product-versions?archived=maybe")).status).toBe(400);
  });
});

describe("GET /api/admin/product-versions/:id", () => {
  it("answers requirements, dependencies, packages, patches, coupon and order counts", async () => {
    const id = await versionIdOf(t.database.db, "pv-tool", "1.0");
    const created = await t.request("/api/products/version/patch/create", {
      method: "POST",
      headers,
      json: { product: "pv-tool", majorVersion: "1.0", patchVersion: "1.0.1", features: ["Fix"] },
    });
    expect(created.status).toBe(201);
    const coupons = await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "pv-tool", version: "1.0", coupons: ["PVaaaaaaaaa1", "PVaaaaaaaaa2", "PVaaaaaaaaa3"], discount_percentage: 10 },
    });
    expect(coupons.status).toBe(200);
    await t.services.coupons.redeem("PVaaaaaaaaa1");
    await insertOrder(t.database.db, { versionId: id, paymentId: "pay_pvdetail000001" });

    const res = await get(`/api/admin/product-versions/${id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id,
      version: "1.0",
      os: ["linux", "mac"],
      ram: "8 GB",
      external: [{ name: "nmap", os: "linux", link: "https://nmap.org", version: "7.94" }],
      python: [{ name: "requests", version: "2.32" }],
      features: ["Fast scan"],
      coupons: { total: 3, used: 1, unused: 2, void: 0 },
      orders: 1,
      archived_at: null,
    });
    expect(body.patches).toEqual([
      {
        id: expect.any(Number),
        patch_version: "1.0.1",
        features: ["Fix"],
        created_at: expect.any(String),
        status: "published",
        published_at: expect.any(String),
        yank_reason: null,
      },
    ]);
  });

  it("is 404 for an unknown or malformed id", async () => {
    expect((await get("/api/admin/product-versions/999999")).status).toBe(404);
    expect((await get("/api/admin/product-versions/abc")).status).toBe(404);
    expect((await get("/api/admin/product-versions/99999999999")).status).toBe(404);
  });
});

describe("PATCH /api/admin/product-versions/:id", () => {
  it("changes any field but product and version, and audits before and after", async () => {
    const id = await versionIdOf(t.database.db, "pv-tool", "1.2");
    const res = await patch(id, { amount: 1499, for_sale: true, licence_term_months: 6, machine_limit: 5, ram: "16 GB" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe("Version 1.2 of pv-tool Suite saved.");
    expect(body.version).toMatchObject({ amount: 1499, for_sale: true, licence_term_months: 6, machine_limit: 5, ram: "16 GB" });
    const [audit] = await queryRows<{ action: string; detail: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
      t.database.db,
      sql`select action, detail from audit_log where entity = 'product_version' and entity_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit.action).toBe("product_version.update");
    expect(audit.detail.before).toEqual({ ram: "8 GB", amount: 19.99, for_sale: false, licence_term_months: 12, machine_limit: 3 });
    expect(audit.detail.after).toEqual({ ram: "16 GB", amount: 1499, for_sale: true, licence_term_months: 6, machine_limit: 5 });
    const [row] = await queryRows<{ amount_minor: string }>(t.database.db, sql`select amount_minor from product_versions where id = ${id}`);
    expect(Number(row.amount_minor)).toBe(149900);
  });

  it("refuses the product, the version, unknown keys, bad values and an empty change", async () => {
    const id = await versionIdOf(t.database.db, "pv-tool", "1.2");
    for (const body of [{ version: "9.9" }, { product_id: "x" }, { colour: "red" }, { amount: -1 }, { machine_limit: 0 }, { os: [] }, {}]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).status).toBe("error");
    }
    expect((await patch(999999, { ram: "1 GB" })).status).toBe(404);
    expect((await patch(id, { ram: "1 GB" }, { cookie: headers.cookie })).status).toBe(403);
  });
});

describe("DELETE /api/admin/product-versions/:id and archive", () => {
  it("is refused with 409 while an order refers to the version; archiving hides it from the pickers", async () => {
    const id = await versionIdOf(t.database.db, "pv-tool", "1.0");
    const res = await del(id);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Orders refer to pv-tool Suite 1.0, so it cannot be deleted; archive it instead.");
    expect((await get(`/api/admin/product-versions/${id}`)).status).toBe(200);

    const archived = await patch(id, { archived: true });
    expect(archived.status).toBe(200);
    expect((await archived.json()).version).toMatchObject({ archived: true, archived_at: expect.any(String) });
    const details = await (await get("/api/products/version/details")).json();
    expect(details["pv-tool Suite"]).toEqual(["1.2", "1.10"]);
    const infos = await (await get("/api/products/informations")).json();
    expect(infos.map((i: { version: string; product_id: string }) => `${i.product_id}@${i.version}`)).not.toContain("pv-tool@1.0");
    const listed = await (await get("/api/admin/product-versions?product_id=pv-tool")).json();
    expect(listed.items.map((v: { version: string }) => v.version)).toEqual(["1.2", "1.10"]);
    const withArchived = await (await get("/api/admin/product-versions?product_id=pv-tool&archived=only")).json();
    expect(withArchived.items.map((v: { version: string }) => v.version)).toEqual(["1.0"]);
    const [audit] = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where entity_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit.action).toBe("product_version.archive");

    expect((await (await patch(id, { archived: false })).json()).version.archived).toBe(false);
  });

  it("deletes a version without orders, with its coupons and patches, and audits it", async () => {
    const id = await versionIdOf(t.database.db, "pv-other", "2.0");
    await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "pv-other", version: "2.0", coupons: ["PVbbbbbbbbb1"], discount_percentage: 5 },
    });
    const res = await del(id);
    expect(res.status).toBe(200);
    expect((await get(`/api/admin/product-versions/${id}`)).status).toBe(404);
    expect(await queryRows(t.database.db, sql`select 1 from coupons where code = 'PVbbbbbbbbb1'`)).toEqual([]);
    const [audit] = await queryRows<{ action: string; detail: { coupons_deleted: number; before: { version: string } } }>(
      t.database.db,
      sql`select action, detail from audit_log where entity_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ action: "product_version.delete", detail: { coupons_deleted: 1, before: { version: "2.0" } } });
    expect((await del(id)).status).toBe(404);
  });
});

describe("POST /api/oni/add/product/version (admin-area rules)", () => {
  it("does not silently drop a different product name, and puts a duplicate on the Version field", async () => {
    const renamed = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("pv-tool", "3.0", { product_name: "Something Else" }),
    });
    expect(renamed.status).toBe(409);
    expect((await renamed.json()).errors.product_name).toMatch(/already named "pv-tool Suite"/);
    const sameNameOtherCase = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("pv-tool", "3.0", { product_name: "PV-TOOL suite" }),
    });
    expect(sameNameOtherCase.status).toBe(201);
    const duplicate = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("pv-tool", "3.0", { product_name: "PV-TOOL suite" }),
    });
    expect(duplicate.status).toBe(409);
    // Named as the catalogue names the product, whatever case was typed.
    expect((await duplicate.json()).errors.version).toBe("Version 3.0 of pv-tool Suite already exists.");
  });

  it("has no default amount: an empty one is refused, 0 typed on purpose is accepted", async () => {
    const empty = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("pv-free", "1.0", { amount: "" }),
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.amount).toMatch(/price/);
    const missing = versionInput("pv-free", "1.0") as Record<string, unknown>;
    delete missing.amount;
    expect((await t.request("/api/oni/add/product/version", { method: "POST", headers, json: missing })).status).toBe(400);
    const free = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers,
      json: versionInput("pv-free", "1.0", { amount: 0 }),
    });
    expect(free.status).toBe(201);
  });
});
