import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { addVersions, versionInput } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.loginAsAdmin()).headers;
});
afterAll(() => t.close());

const add = (json: unknown, h = headers) => t.request("/api/oni/add/product/version", { method: "POST", headers: h, json });
const formOf = (input: Record<string, unknown>) =>
  Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : String(v)] as [string, string]);

describe("POST /api/oni/add/product/version", () => {
  it("creates the product and the version, stores the amount in minor units and audits it", async () => {
    const res = await add(versionInput("prod-a", "1.0", { product_id: " Prod-A ", product_name: "Prod A Scanner", amount: 1234.56 }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: "success", message: "Product requirements submitted successfully" });
    const [row] = await queryRows<{ amount_minor: string; name: string }>(
      t.database.db,
      sql`select v.amount_minor, p.name from product_versions v join products p on p.id = v.product_id where p.id = 'prod-a'`,
    );
    expect(row).toEqual({ amount_minor: expect.anything(), name: "Prod A Scanner" });
    expect(Number(row.amount_minor)).toBe(123456);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where entity = 'product_version'`);
    expect(audit.map((a) => a.action)).toContain("product_version.create");
  });

  it("accepts urlencoded and multipart posts whose list fields are JSON strings", async () => {
    const urlencoded = new URLSearchParams(formOf(versionInput("prod-a", "1.1", { product_name: "Prod A Scanner" })));
    const res = await t.request("/api/oni/add/product/version", { method: "POST", headers, body: urlencoded });
    expect(res.status).toBe(201);
    const multipart = new FormData();
    for (const [k, v] of formOf(versionInput("prod-a", "1.2", { product_name: "Prod A Scanner" }))) multipart.append(k, v);
    expect((await t.request("/api/oni/add/product/version", { method: "POST", headers, body: multipart })).status).toBe(201);
    const broken = new URLSearchParams(formOf(versionInput("prod-a", "1.3")));
    broken.set("os", "[linux");
    const bad = await t.request("/api/oni/add/product/version", { method: "POST", headers, body: broken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ os: "Must be a JSON string." });
  });

  it("answers 409 for an existing product_id + version", async () => {
    const res = await add(versionInput("prod-a", "1.0"));
    expect(res.status).toBe(409);
    expect((await res.json()).status).toBe("error");
  });

  it("names the bad fields (400), needs a session (401) and the XHR header with a cookie (403), and JSON or a form (415)", async () => {
    const bad = await add({ product_id: "Bad Id!", product_name: "", version: "v1", os: [], amount: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(
      expect.arrayContaining(["product_id", "product_name", "version", "os", "ram", "amount"]),
    );
    expect((await add(versionInput("prod-z", "1.0"), {})).status).toBe(401);
    expect((await add(versionInput("prod-z", "1.0"), { cookie: headers.cookie })).status).toBe(403);
    const text = await t.request("/api/oni/add/product/version", {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: "x",
    });
    expect(text.status).toBe(415);
    const big = await add(versionInput("prod-z", "1.0", { features: Array.from({ length: 40 }, () => "f".repeat(2000)) }));
    expect(big.status).toBe(413);
  });
});

describe("product reads", () => {
  it("lists versions ordered by product then numeric version, with coupons, on POST and GET", async () => {
    await addVersions(t, headers, "prod-b", ["1.10", "1.9", "2.0"]);
    for (const method of ["POST", "GET"]) {
      const res = await t.request("/api/products/informations", { method, headers });
      expect(res.status).toBe(200);
      const list = await res.json();
      const keys = list.map((v: { product_id: string; version: string }) => `${v.product_id}@${v.version}`);
      expect(keys).toEqual(["prod-a@1.0", "prod-a@1.1", "prod-a@1.2", "prod-b@1.9", "prod-b@1.10", "prod-b@2.0"]);
      expect(list[0]).toEqual({
        product_id: "prod-a",
        product_name: "Prod A Scanner",
        version: "1.0",
        amount: 1234.56,
        for_sale: false,
        coupons: [],
      });
    }
  });

  it("marks the version the store sells: the product's newest for sale at a price", async () => {
    await t.database.db.execute(
      sql`update product_versions set for_sale = true where product_id = 'prod-b' and version in ('1.9', '1.10')`,
    );
    const list: { product_id: string; version: string; for_sale: boolean }[] = await (
      await t.request("/api/products/informations", { headers })
    ).json();
    expect(list.filter((v) => v.for_sale).map((v) => `${v.product_id}@${v.version}`)).toEqual(["prod-b@1.10"]);
  });

  it("maps product names to their versions", async () => {
    const res = await t.request("/api/products/version/details", { method: "POST", headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ "Prod A Scanner": ["1.0", "1.1", "1.2"], "prod-b Suite": ["1.9", "1.10", "2.0"] });
    expect((await t.request("/api/products/version/details", { headers })).status).toBe(200);
    expect((await t.request("/api/products/version/details", { method: "POST" })).status).toBe(401);
    expect((await t.request("/api/products/informations")).status).toBe(401);
  });

  it("lists products named like Object.prototype members (was a 500 for every later call)", async () => {
    for (const [id, name] of [
      ["proto-name", "__proto__"],
      ["ctor-name", "constructor"],
    ]) {
      expect((await add(versionInput(id, "1.0", { product_name: name }))).status).toBe(201);
    }
    const res = await t.request("/api/products/version/details", { headers });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"__proto__":["1.0"]');
    expect(JSON.parse(text).constructor).toEqual(["1.0"]);
  });
});

// Last: it adds a product the listings above do not expect.
describe("a form body of POST /api/oni/add/product/version", () => {
  it("takes a form's draft=on or draft=true as JSON's true, and refuses another word on the draft field", async () => {
    for (const [version, word] of [
      ["7.0", "on"],
      ["7.1", "true"],
    ]) {
      const body = new URLSearchParams([...formOf(versionInput("prod-draft", version)), ["draft", word]]);
      expect((await t.request("/api/oni/add/product/version", { method: "POST", headers, body })).status).toBe(201);
    }
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from product_versions where product_id = 'prod-draft'`,
    );
    expect(rows.map((r) => r.status)).toEqual(["draft", "draft"]);
    const body = new URLSearchParams([...formOf(versionInput("prod-draft", "7.2")), ["draft", "maybe"]]);
    const bad = await t.request("/api/oni/add/product/version", { method: "POST", headers, body });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toHaveProperty("draft");
  });
});
