import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/query-rows";
import { insertOrder, versionIdOf } from "../../../tests/helpers/order-fixtures";
import { addVersions } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { csvField } from "../../../contract/csv";

let t: TestApp;
let headers: Record<string, string>;
const code = (n: number) => `CA${String(n).padStart(10, "0")}`;

beforeAll(async () => {
  t = await createTestApp({ config: { COUPON_PREFIX: "CA" } });
  headers = (await t.loginAsAdmin()).headers;
  await addVersions(t, headers, "ca-tool", ["1.0", "2.0"]);
  const batch = async (version: string, codes: string[], extra: Record<string, unknown> = {}) => {
    const res = await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "ca-tool", version, coupons: codes, discount_percentage: 15, ...extra },
    });
    if (res.status !== 200) throw new Error(await res.text());
  };
  await batch("1.0", [code(1), code(2), code(3), code(11), code(12)], { note: 'For "Acme", Inc.\nline two', expires_on: "2099-12-31" });
  await batch("2.0", [code(21), code(22)]);
  // code 1 used by a paid order, code 2 void.
  const versionId = await versionIdOf(t.database.db, "ca-tool", "1.0");
  const orderId = await insertOrder(t.database.db, { versionId, paymentId: "pay_ca000000000001" });
  await queryRows(t.database.db, sql`update coupons set used_at = now(), order_id = ${orderId} where code = ${code(1)}`);
  await queryRows(t.database.db, sql`update coupons set voided_at = now() where code = ${code(2)}`);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request(`/api/admin/coupons?${query}`, { headers });
  expect(res.status, query).toBe(200);
  return (await res.json()) as { items: { code: string; status: string; order_id: number | null; note: string | null }[]; total: number };
};

describe("GET /api/admin/coupons", () => {
  it("lists newest first with the total, paged", async () => {
    const all = await list("page_size=3");
    expect(all.total).toBe(7);
    expect(all.items.map((i) => i.code)).toEqual([code(22), code(21), code(12)]);
    const page3 = await list("page_size=3&page=3");
    expect(page3.items.map((i) => i.code)).toEqual([code(1)]);
    // The total whichever way it is known (decision 065): counted (a full page), told by a short
    // last page, counted again past the end (an empty page).
    expect((await list("page_size=3&page=2")).total).toBe(7);
    expect(page3.total).toBe(7);
    expect(await list("page_size=3&page=4")).toEqual({ items: [], total: 7, total_capped: false });
    expect((await list("page_size=7")).total).toBe(7);
    expect(page3.items[0]).toMatchObject({
      product_id: "ca-tool",
      version: "1.0",
      discount: 15,
      status: "used",
      order_id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expires_at: "2099-12-31T18:29:59.999Z",
    });
  });

  it("matches q exactly or by prefix, and filters by status, product and version", async () => {
    expect((await list(`q=${code(1)}`)).items.map((i) => i.code)).toEqual([code(1)]);
    // A code search lists its matches in code order (the code index's order), not newest first.
    expect((await list("q=CA000000001")).items.map((i) => i.code)).toEqual([code(11), code(12)]);
    expect((await list("q=ca0000")).total).toBe(0); // codes are case-sensitive
    expect((await list("status=used")).items.map((i) => i.code)).toEqual([code(1)]);
    expect((await list("status=void")).items.map((i) => i.code)).toEqual([code(2)]);
    expect((await list("status=unused")).total).toBe(5);
    expect((await list("product_id=ca-tool&version=2.0")).items.map((i) => i.code)).toEqual([code(22), code(21)]);
    expect((await list("product_id=other")).total).toBe(0);
    // A prefix with paging and the other filters, in code order.
    expect(await list("q=CA00000000&page_size=2&page=2")).toMatchObject({ items: [{ code: code(3) }, { code: code(11) }], total: 7 });
    expect((await list("q=CA00000000&page_size=3&page=3")).items.map((i) => i.code)).toEqual([code(22)]);
    expect((await list("q=CA00000000&status=unused&version=1.0")).items.map((i) => i.code)).toEqual([code(3), code(11), code(12)]);
    expect((await list("q=CA00000000&product_id=ca-tool&version=2.0&page_size=1&page=2")).items.map((i) => i.code)).toEqual([code(22)]);
  });

  it("refuses bad filters and needs a session", async () => {
    for (const q of ["status=spent", "q=a%25", "page=0", "page_size=1000", "version=v1"]) {
      expect((await t.request(`/api/admin/coupons?${q}`, { headers })).status, q).toBe(400);
    }
    expect((await t.request("/api/admin/coupons")).status).toBe(401);
    expect((await t.request("/api/admin/coupons.csv")).status).toBe(401);
  });
});

describe("GET /api/admin/coupons.csv", () => {
  it("streams every match as text/csv with correct quoting", async () => {
    const res = await t.request("/api/admin/coupons.csv?product_id=ca-tool&version=1.0", { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="coupons.csv"/);
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("code,product_id,version,discount,status,created_at,used_at,order_id,expires_at,note");
    expect(lines.filter((l) => l.startsWith("CA"))).toHaveLength(5);
    // The note holds a quote, a comma and a line break: one quoted field, quotes doubled.
    expect(text).toContain(`${code(12)},ca-tool,1.0,15,unused,`);
    expect(text).toContain(`,"For ""Acme"", Inc.\nline two"\r\n`);
    const used = lines.find((l) => l.startsWith(code(1)));
    expect(used?.split(",")[4]).toBe("used");
    const filtered = await (await t.request("/api/admin/coupons.csv?status=void", { headers })).text();
    expect(filtered.trim().split("\r\n")).toHaveLength(2);
  });

  it("quotes fields and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a"b')).toBe('"a""b"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe("");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("POST /api/admin/coupons/:code/void", () => {
  it("voids an unused code (200, audited), again the same 200; used -> 409; unknown -> 404", async () => {
    const res = await t.request(`/api/admin/coupons/${code(11)}/void`, { method: "POST", headers });
    expect(res.status).toBe(200);
    expect((await res.json()).coupon).toMatchObject({ code: code(11), status: "void" });
    expect((await t.request(`/api/admin/coupons/${code(11)}/void`, { method: "POST", headers })).status).toBe(200);
    const used = await t.request(`/api/admin/coupons/${code(1)}/void`, { method: "POST", headers });
    expect(used.status).toBe(409);
    expect((await used.json()).message).toMatch(/was used/);
    expect((await t.request("/api/admin/coupons/CA999999999x/void", { method: "POST", headers })).status).toBe(404);
    expect((await t.request("/api/admin/coupons/bad-code!/void", { method: "POST", headers })).status).toBe(404);
    expect((await t.request(`/api/admin/coupons/${code(12)}/void`, { method: "POST", headers: { cookie: headers.cookie } })).status).toBe(
      403,
    );
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where action = 'coupon.void'`);
    expect(audit).toHaveLength(1);
  });

  it("a batch with a past expiry date is refused on its field", async () => {
    const res = await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "ca-tool", version: "1.0", coupons: [code(99)], discount_percentage: 10, expires_on: "2001-01-01" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ expires_on: "Choose today or a later day." });
  });

  it("a batch is 1 to 100 codes (decision 026): 101 is refused on its field, nothing stored", async () => {
    const codes = Array.from({ length: 101 }, (_, i) => `CA${String(500 + i).padStart(10, "0")}`);
    const res = await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "ca-tool", version: "2.0", coupons: codes, discount_percentage: 10 },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ coupons: "At most 100 coupons at once." });
    expect((await list(`q=${codes[0]}`)).total).toBe(0);
    const hundred = await t.request("/api/products/coupon/update", {
      method: "POST",
      headers,
      json: { product_id: "ca-tool", version: "2.0", coupons: codes.slice(0, 100), discount_percentage: 10 },
    });
    expect(hundred.status).toBe(200);
  });

  // q is a byte range of the code index (startsWith in coupon-admin.ts): its upper end is the last
  // character + 1, so a prefix ending in 9, Z or z must still take every code below it and none beside.
  it("a prefix ending in 9, Z or z matches exactly the codes that start with it", async () => {
    const versionId = await versionIdOf(t.database.db, "ca-tool", "2.0");
    const edge = ["QQ9", "QQ9x", "QQA", "QQ:", "QQz1", "QQz", "QQZ", "QQZ0", "QQ[", "QQ{", "QR"];
    for (const c of edge)
      await queryRows(t.database.db, sql`insert into coupons (code, product_version_id, discount_percent) values (${c}, ${versionId}, 10)`);
    const codes = async (q: string) => (await list(`q=${q}&page_size=50`)).items.map((i) => i.code).sort();
    expect(await codes("QQ9")).toEqual(["QQ9", "QQ9x"]);
    expect(await codes("QQz")).toEqual(["QQz", "QQz1"]);
    expect(await codes("QQZ")).toEqual(["QQZ", "QQZ0"]);
    expect(await codes("QQZ0")).toEqual(["QQZ0"]);
    expect(await codes("QQ")).toEqual(edge.filter((c) => c.startsWith("QQ")).sort());
    // Unsorted here: the answer itself is in byte order (digits, capitals, small letters), the database's collation aside.
    expect((await list("q=QQ&page_size=50")).items.map((i) => i.code)).toEqual([
      "QQ9",
      "QQ9x",
      "QQ:",
      "QQA",
      "QQZ",
      "QQZ0",
      "QQ[",
      "QQz",
      "QQz1",
      "QQ{",
    ]);
    expect((await list("q=QQ9")).total).toBe(2);
    await queryRows(t.database.db, sql`delete from coupons where code like 'Q%'`);
  });

  // Last: it adds 10,001 codes. Counting every match of a million codes cost more than the page.
  it("counts up to 10,000 and then says there are more; a narrower search counts exactly", async () => {
    const versionId = await versionIdOf(t.database.db, "ca-tool", "2.0");
    await queryRows(
      t.database.db,
      sql`insert into coupons (code, product_version_id, discount_percent)
        select 'CB' || lpad(n::text, 10, '0'), ${versionId}, 10 from generate_series(1, 10001) as n`,
    );
    const all = (await list("page_size=1")) as Awaited<ReturnType<typeof list>> & { total_capped: boolean };
    expect([all.total, all.total_capped]).toEqual([10_000, true]);
    const byProduct = (await list("product_id=ca-tool&version=2.0&page_size=1")) as typeof all;
    expect([byProduct.total, byProduct.total_capped]).toEqual([10_000, true]);
    const narrow = (await list("q=CB00000001")) as typeof all;
    expect([narrow.total, narrow.total_capped]).toEqual([100, false]); // CB0000000100 to CB0000000199
    // A code search counts up to 1,000 (decision 078): 9,999 codes start with CB000000.
    const search = (await list("q=CB000000&page_size=2&page=3")) as typeof all;
    expect([search.total, search.total_capped]).toEqual([1_000, true]);
    expect(search.items.map((i) => i.code)).toEqual(["CB0000000005", "CB0000000006"]);
    const thousand = (await list("q=CB000000&status=unused")) as typeof all;
    expect([thousand.total, thousand.total_capped]).toEqual([1_000, true]);
  });

  // The unfiltered list trusts stat_counters.coupons to say "more than 10,000" (migration 0008): it must stay exact.
  it("keeps the coupon total of stat_counters equal to the stored coupons through a batch, a delete and a truncate", async () => {
    const db = t.database.db;
    const both = async () => {
      const [row] = await queryRows<{ counter: string; stored: string }>(
        db,
        sql`select (select value from stat_counters where name = 'coupons') as counter, (select count(*) from coupons) as stored`,
      );
      return [Number(row.counter), Number(row.stored)];
    };
    const [counter, stored] = await both();
    expect(stored).toBeGreaterThan(10_000);
    expect(counter).toBe(stored);
    await queryRows(db, sql`delete from coupons where code like 'CB00000001%'`);
    expect(await both()).toEqual([stored - 100, stored - 100]);
    await queryRows(db, sql`truncate coupons cascade`);
    expect(await both()).toEqual([0, 0]);
    const small = (await list("page_size=1")) as Awaited<ReturnType<typeof list>> & { total_capped: boolean };
    expect([small.total, small.total_capped]).toEqual([0, false]);
  });
});
