import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionInput } from "../helpers/product-fixtures";
import { insertAdmin, loginToken, RELIABILITY_ADMIN } from "./helpers/admin-fixture";
import { createScratchDatabase, skipPostgres, type ScratchDatabase } from "./helpers/scratch-database";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// The public page cache on two built servers sharing one PostgreSQL: a release published through
// one shows on the other's cached release notes within about a second (the change counter, read
// at most once a second), and a signed-in visitor is never answered from, nor written into, it.
let scratch: ScratchDatabase;
const servers: RunningServer[] = [];
let token = "";
const PRODUCT = "cachetool";

const admin = () => ({ cookie: `session_id=${token}`, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" });
const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers, redirect: "manual" });
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    location: res.headers.get("location"),
    cookie: res.headers.get("set-cookie"),
    body: await res.text(),
  };
};
const addVersion = async (server: RunningServer, version: string) => {
  const res = await fetch(`${server.url}/api/oni/add/product/version`, {
    method: "POST",
    headers: admin(),
    body: JSON.stringify(versionInput(PRODUCT, version)),
  });
  expect(res.status).toBe(201);
};

describe.skipIf(skipPostgres)("the public page cache on two instances of one PostgreSQL", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase("pagecache");
    servers.push(await startServer({ databaseUrl: scratch.url }));
    servers.push(await startServer({ databaseUrl: scratch.url }));
    await insertAdmin(scratch);
    token = await loginToken(servers[0].url);
    await addVersion(servers[0], "1.0");
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
    await scratch?.drop();
  });

  it("a version published through one instance shows on the other's cached release notes within a second or so", async () => {
    const [a, b] = servers;
    const url = `${b.url}/releases/${PRODUCT}`;
    const before = await page(url);
    expect(before.status).toBe(200);
    expect(before.body).toContain('id="v1.0"');
    // Held now: the same ETag again, and a 304 for it.
    expect((await page(url)).etag).toBe(before.etag);
    expect((await fetch(url, { headers: { "if-none-match": before.etag ?? "" } })).status).toBe(304);

    await addVersion(a, "2.0");
    await expect.poll(async () => (await page(url)).body, { timeout: 2_000, interval: 100 }).toContain('id="v2.0"');
    const feed = await page(`${b.url}/releases/${PRODUCT}/feed.xml`);
    expect(feed.body).toContain(`/releases/${PRODUCT}#v2.0`);
  });

  it("never answers a signed-in visitor from the cache nor keeps what it rendered for them", async () => {
    const b = servers[1];
    const anonymous = await page(`${b.url}/login`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.etag).toBeTruthy();
    expect(anonymous.cookie).toBeNull();

    // The signed-in admin is sent on by the login page's loader, cached form or not.
    const signedIn = await page(`${b.url}/login`, { cookie: `session_id=${token}` });
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toMatch(/^\/dashboard/);
    // Their release notes are rendered for them (no ETag of the cache), with the same content.
    const theirs = await page(`${b.url}/releases/${PRODUCT}`, { cookie: `session_id=${token}` });
    expect(theirs.etag).toBeNull();
    expect(theirs.body).toContain('id="v2.0"');

    // What the cache holds carries nothing of theirs.
    for (const path of ["/login", "/account/sign-in", `/releases/${PRODUCT}`]) {
      const cached = await page(`${b.url}${path}`);
      expect(cached.status).toBe(200);
      expect(cached.etag).toBeTruthy();
      expect(cached.body).not.toContain(token);
      expect(cached.body).not.toContain(RELIABILITY_ADMIN.email);
    }
    expect((await page(`${b.url}/login`)).etag).toBe(anonymous.etag);
  });
});
