import { sql } from "drizzle-orm";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtifactCreatedSchema, DownloadLinkSchema } from "../../../contract/artifacts";
import { addPatch, buyLicence, sha256Hex, uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

const SECRET = "test-secret-for-download-tests";
let t: TestApp;
let admin: Record<string, string>;
let clock = Date.now();
let n = 0;
const ids: Record<string, number> = {};
const data = new Uint8Array(1000).map((_, i) => (i * 7) % 256);

async function upload(product: string, version: string, patch?: string, platform = "linux"): Promise<number> {
  const fields = { product_id: product, version, platform, arch: "x86_64", ...(patch ? { patch_version: patch } : {}) };
  const res = await t.request("/api/admin/artifacts", {
    method: "POST",
    headers: admin,
    body: uploadForm(fields, { name: `${product}-${patch ?? version}.tgz`, data }),
  });
  return ArtifactCreatedSchema.parse(await res.json()).id;
}
const setRelease = (product: string, version: string, status: string, published: string) =>
  t.database.db.execute(
    sql`update product_versions set status = ${status}, published_at = ${published} where product_id = ${product} and version = ${version}`,
  );

beforeAll(async () => {
  t = await createTestApp({
    config: {
      ARTIFACTS_DIR: await mkdtemp(join(tmpdir(), "dl-")),
      PAYMENT_TEST_SECRET: SECRET,
      CHECKOUT_RATE_LIMIT: 10_000,
      LICENCE_RATE_LIMIT: 10_000,
    },
    now: () => new Date(clock),
  });
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "dl-free", "1.0", { amountMinor: 0, forSale: false });
  ids.free = await upload("dl-free", "1.0");
  for (const v of ["1.0", "2.0", "2.1", "3.0"]) await addSaleVersion(t, "dl-paid", v);
  const v2 = await t.database.db.execute<{ id: number }>(
    sql`select id from product_versions where product_id = 'dl-paid' and version = '2.0'`,
  );
  await addPatch(t, Number(v2.rows[0].id), "2.0.1");
  await setRelease("dl-paid", "1.0", "published", "2020-01-01T00:00:00Z");
  await setRelease("dl-paid", "2.0", "published", "2022-01-01T00:00:00Z");
  await setRelease("dl-paid", "2.1", "draft", "2023-01-01T00:00:00Z");
  await setRelease("dl-paid", "3.0", "yanked", "2023-06-01T00:00:00Z");
  for (const v of ["1.0", "2.0", "2.1", "3.0"]) ids[`paid${v}`] = await upload("dl-paid", v);
  ids.paid201 = await upload("dl-paid", "2.0", "2.0.1");
  await addSaleVersion(t, "dl-other", "1.0");
});
afterAll(() => t.close());

const issue = (artifact_id: number, key?: string) => t.request("/api/downloads", { method: "POST", json: { artifact_id, key } });
const linkOf = async (artifact_id: number, key?: string) => DownloadLinkSchema.parse(await (await issue(artifact_id, key)).json());
const fetchPath = (url: string, headers: Record<string, string> = {}) => t.request(new URL(url).pathname, { headers });
const check = (q: string, key?: string) =>
  t.request(`/api/updates/check?${q}&platform=linux&arch=x86_64`, { headers: key ? { authorization: `License ${key}` } : {} });

describe("downloads", () => {
  it("a free build downloads without a key, with its headers, and every download is counted; then it cannot be deleted", async () => {
    const link = await linkOf(ids.free);
    expect(new Date(link.expires_at).getTime() - clock).toBeLessThanOrEqual(300_000);
    const res = await fetchPath(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="dl-free-1.0.tgz"');
    expect(res.headers.get("etag")).toBe(`"${sha256Hex(data)}"`);
    expect(sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(sha256Hex(data));
    const listed = await (await t.request("/api/admin/artifacts?product_id=dl-free", { headers: admin })).json();
    expect(listed.artifacts[0].downloads).toBe(1);
    expect((await t.request(`/api/admin/artifacts/${ids.free}`, { method: "DELETE", headers: admin })).status).toBe(409);
  });

  it("serves byte ranges (206) and refuses one past the end (416)", async () => {
    const { url } = await linkOf(ids.free);
    const part = await fetchPath(url, { range: "bytes=10-19" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...data.slice(10, 20)]);
    const tail = await fetchPath(url, { range: "bytes=-5" });
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...data.slice(995)]);
    const past = await fetchPath(url, { range: "bytes=5000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");
    expect((await past.arrayBuffer()).byteLength).toBe(0);
  });

  it("a link may be used again within its 5 minutes (resume, a second try, parallel ranges); each use checks the build is still offered", async () => {
    const key = await buyLicence(t, SECRET, "dl-paid", "2.0", ++n);
    const { url } = await linkOf(ids["paid2.0"], key);
    const counted = async () => {
      const listed = await (await t.request("/api/admin/artifacts?product_id=dl-paid", { headers: admin })).json();
      return (listed.artifacts as { id: number; downloads: number }[]).find((a) => a.id === ids["paid2.0"])?.downloads;
    };
    const before = await counted();
    expect((await fetchPath(url, { range: "bytes=0-499" })).status).toBe(206);
    const rest = await fetchPath(url, { range: "bytes=500-" });
    expect(rest.status).toBe(206);
    expect([...new Uint8Array(await rest.arrayBuffer())]).toEqual([...data.slice(500)]);
    // A resumed download is the one that started at byte 0: counted once.
    expect(await counted()).toBe((before ?? 0) + 1);
    const again = await fetchPath(url);
    expect(again.status).toBe(200);
    expect(sha256Hex(new Uint8Array(await again.arrayBuffer()))).toBe(sha256Hex(data));
    await setRelease("dl-paid", "2.0", "yanked", "2022-01-01T00:00:00Z");
    try {
      expect((await fetchPath(url, { range: "bytes=500-" })).status).toBe(404);
    } finally {
      await setRelease("dl-paid", "2.0", "published", "2022-01-01T00:00:00Z");
    }
  });

  it("a tampered token is 403 and an expired one 410, with no bytes", async () => {
    const { url } = await linkOf(ids.free);
    const tampered = url.replace(/\/dl\/(\d+)\./, (_, id: string) => `/dl/${Number(id) + 1}.`);
    const bad = await fetchPath(tampered);
    expect(bad.status).toBe(403);
    expect((await bad.text()).length).toBeLessThan(100);
    expect((await fetchPath(url.slice(0, -2) + "AA")).status).toBe(403);
    clock += 301_000;
    try {
      expect((await fetchPath(url)).status).toBe(410);
    } finally {
      clock -= 301_000;
    }
  });

  it("a paid build needs a licence of its product; a revoked one gets nothing, not even with a link issued before", async () => {
    expect((await issue(ids["paid1.0"])).status).toBe(401);
    expect((await issue(ids["paid1.0"], await buyLicence(t, SECRET, "dl-other", "1.0", ++n))).status).toBe(403);
    expect((await issue(ids["paid1.0"], "ONI-00000-00000-00000-00000-00000-00000")).status).toBe(403);
    const key = await buyLicence(t, SECRET, "dl-paid", "1.0", ++n);
    const { url } = await linkOf(ids.paid201, key);
    expect((await issue(ids["paid2.1"], key)).status).toBe(404); // a draft
    expect((await issue(ids["paid3.0"], key)).status).toBe(404); // yanked
    await t.database.db.execute(
      sql`update licences set revoked_at = now() where key_hash is not null and id = (select max(id) from licences)`,
    );
    expect((await issue(ids.paid201, key)).status).toBe(403);
    expect((await fetchPath(url)).status).toBe(403);
  });

  it("a licence past its term still fetches what was published before it ended, not what came after", async () => {
    const key = await buyLicence(t, SECRET, "dl-paid", "1.0", ++n);
    await t.database.db.execute(sql`update licences set expires_at = '2021-01-01T00:00:00Z' where id = (select max(id) from licences)`);
    expect((await issue(ids["paid1.0"], key)).status).toBe(200);
    expect((await issue(ids["paid2.0"], key)).status).toBe(403);
    expect((await check("product_id=dl-paid&version=0.9", key)).status).toBe(200);
    expect((await check("product_id=dl-paid&version=1.0", key)).status).toBe(204);
  });

  it("an external build is a 302 to its URL", async () => {
    const json = {
      product_id: "dl-free",
      version: "1.0",
      platform: "mac",
      arch: "arm64",
      filename: "f.dmg",
      url: "https://cdn.example.com/f.dmg",
      size: 3,
      sha256: "b".repeat(64),
    };
    const { id } = ArtifactCreatedSchema.parse(
      await (await t.request("/api/admin/artifacts", { method: "POST", headers: admin, json })).json(),
    );
    const res = await fetchPath((await linkOf(id)).url);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://cdn.example.com/f.dmg");
  });
});

describe("a product page's builds", () => {
  it("per platform and architecture the newest published release's build; free only when every one is", async () => {
    const paid = await t.services.downloads.productBuilds("dl-paid");
    expect(paid.free).toBe(false);
    // 2.0.1 (a patch of 2.0) is the newest published linux build; 2.1 is a draft, 3.0 yanked.
    expect(paid.builds.map((b) => [b.release_version, b.platform, b.arch])).toEqual([["2.0.1", "linux", "x86_64"]]);
    const free = await t.services.downloads.productBuilds("dl-free");
    expect(free.free).toBe(true);
    expect(free.builds.find((b) => b.platform === "linux")?.id).toBe(ids.free);
    expect(await t.services.downloads.productBuilds("dl-none")).toEqual({ free: false, builds: [], fallback: true });
    expect(paid.fallback).toBe(false);
  });

  it("a product with builds only in drafts lists none and no configured links either (fallback is for no build at all)", async () => {
    await addSaleVersion(t, "dl-draft-only", "1.0");
    await setRelease("dl-draft-only", "1.0", "draft", "2024-01-01T00:00:00Z");
    await upload("dl-draft-only", "1.0");
    expect(await t.services.downloads.productBuilds("dl-draft-only")).toEqual({ free: false, builds: [], fallback: false });
  });

  it("under a licence: the product page's list while current, the newest published before its term ended once past it", async () => {
    const page = await t.services.downloads.productBuilds("dl-paid");
    const current = await t.services.downloads.offeredBuilds("dl-paid", { revoked: false, expires_ms: clock + 86_400_000 });
    expect(current).toEqual(page);
    const lapsed = await t.services.downloads.offeredBuilds("dl-paid", { revoked: false, expires_ms: Date.parse("2021-01-01T00:00:00Z") });
    expect(lapsed.builds.map((b) => b.id)).toEqual([ids["paid1.0"]]);
    expect((await t.services.downloads.offeredBuilds("dl-paid", { revoked: true, expires_ms: clock + 86_400_000 })).builds).toEqual([]);
  });
});

describe("update check", () => {
  it("offers the newest published release for the platform, never a draft or a yanked one; 204 when up to date", async () => {
    const key = await buyLicence(t, SECRET, "dl-paid", "2.0", ++n);
    const res = await check("product_id=dl-paid&version=1.0", key);
    expect(res.status).toBe(200);
    const update = await res.json();
    expect(update).toMatchObject({ version: "2.0.1", notes: ["Fixes for 2.0.1"], artifact: { size: 1000, sha256: sha256Hex(data) } });
    const file = await fetchPath(update.artifact.url);
    expect(sha256Hex(new Uint8Array(await file.arrayBuffer()))).toBe(sha256Hex(data));
    expect((await check("product_id=dl-paid&version=2.0.1", key)).status).toBe(204);
    expect((await check("product_id=dl-paid&version=1.0")).status).toBe(401);
    expect((await check("product_id=dl-paid&version=1.0", await buyLicence(t, SECRET, "dl-other", "1.0", ++n))).status).toBe(403);
    const windows = await t.request("/api/updates/check?product_id=dl-paid&version=1.0&platform=windows&arch=x86_64", {
      headers: { authorization: `License ${key}` },
    });
    expect(windows.status).toBe(204);
  });

  it("a version that is not dotted numbers is a 400 naming the version field", async () => {
    for (const version of ["v2", "latest", "1..2", "2.0-beta"]) {
      const res = await check(`product_id=dl-free&version=${version}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/json/);
      expect((await res.json()).errors).toEqual({ version: "Use a dotted number such as 1.0 or 1.0.1." });
    }
  });

  it("a client on a yanked release gets the newest published one even when it is not newer, with why", async () => {
    await t.database.db.execute(
      sql`update product_versions set yank_reason = 'Corrupts reports' where product_id = 'dl-paid' and version = '3.0'`,
    );
    const key = await buyLicence(t, SECRET, "dl-paid", "2.0", ++n);
    const res = await check("product_id=dl-paid&version=3.0", key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: "2.0.1", current: { status: "yanked", reason: "Corrupts reports" } });
    // Still a paid product: no key, no build.
    expect((await check("product_id=dl-paid&version=3.0")).status).toBe(401);
    // A release that is not withdrawn: no current, and nothing older offered.
    const plain = await check("product_id=dl-paid&version=1.0", key);
    expect(await plain.json()).not.toHaveProperty("current");
    expect((await check("product_id=dl-paid&version=2.0.1", key)).status).toBe(204);
  });

  it("a free product needs no key", async () => {
    const res = await check("product_id=dl-free&version=0.9");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: "1.0", notes: ["Scan"] });
    expect((await check("product_id=dl-free&version=1.0")).status).toBe(204);
    expect((await t.request("/api/updates/check?product_id=dl-free&version=1.0&platform=beos&arch=x86_64")).status).toBe(400);
  });
});
