import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAdmin, loginToken } from "./helpers/admin-fixture";
import { createScratchDatabase, skipPostgres, type ScratchDatabase } from "./helpers/scratch-database";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Over HTTPS only `__Host-session_id` counts, never a plain `session_id` beside it. A cookie
// without the prefix can be planted by a sibling subdomain or a
// plain-HTTP answer, so over HTTPS only the __Host- one may count (API and pages alike).
let server: RunningServer;
let db: ScratchDatabase;
let token: string;
const https = { "x-forwarded-proto": "https" };

describe.skipIf(skipPostgres)("session cookie over HTTPS", () => {
  beforeAll(async () => {
    db = await createScratchDatabase("cookie");
    server = await startServer({ databaseUrl: db.url, env: { TRUST_PROXY: "loopback" } });
    await insertAdmin(db);
    token = await loginToken(server.url, https);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await db?.drop();
  });

  const check = (cookie: string, headers: Record<string, string> = https) =>
    fetch(`${server.url}/api/check/auth/admin`, { headers: { cookie, ...headers } }).then((r) => r.status);
  const page = (cookie: string, headers: Record<string, string> = https) =>
    fetch(`${server.url}/dashboard/overview`, { headers: { cookie, ...headers }, redirect: "manual" }).then((r) => r.status);

  it("the API ignores plain session_id over HTTPS", async () => {
    expect(await check(`session_id=${token}`)).toBe(401);
    expect(await check(`__Host-session_id=${token}`)).toBe(200);
  });

  it("admin pages ignore plain session_id over HTTPS", async () => {
    expect(await page(`session_id=${token}`)).toBe(302);
    expect(await page(`__Host-session_id=${token}`)).toBe(200);
  });

  it("over plain HTTP (development) session_id still works", async () => {
    expect(await check(`session_id=${token}`, {})).toBe(200);
    expect(await page(`session_id=${token}`, {})).toBe(200);
  });
});
