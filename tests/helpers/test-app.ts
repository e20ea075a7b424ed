import type { Context } from "hono";
import { createApp } from "../../server/app";
import { testConfig, type Config } from "../../server/platform/config";
import type { Database } from "../../server/platform/db/client";
import { createServices } from "../../server/services";
import { createTestDatabase } from "./test-db";

export const TEST_ADMIN = { email: "admin@example.com", password: "correct horse battery staple" };

/**
 * The real app on a fresh database, driven through app.request() with no socket.
 * The client IP comes from the `x-test-peer` header (tests only: createApp's peerAddress hook).
 */
export async function createTestApp(options: { config?: Partial<Config>; now?: () => Date; database?: Database } = {}) {
  // A given database (e.g. a second app instance on the same PostgreSQL) stays open on close().
  const database: Database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.config);
  const services = createServices(database.db, config, options.now);
  const app = createApp({ config, database, services, peerAddress: (c: Context) => c.req.header("x-test-peer") ?? "127.0.0.1" });

  const request = (path: string, init: RequestInit & { json?: unknown; ip?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.ip) headers.set("x-test-peer", init.ip);
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return app.request(`http://localhost${path}`, { ...init, headers, body });
  };

  /** Creates the test admin and logs in; returns headers that authenticate like the admin UI does. */
  async function loginAsAdmin(): Promise<{ token: string; cookie: string; headers: Record<string, string> }> {
    await services.admins.createOrReset(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await request("/api/admin/login", { method: "POST", json: TEST_ADMIN });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    const { auth_token: token } = (await res.json()) as { auth_token: string };
    const cookie = `session_id=${token}`;
    return { token, cookie, headers: { cookie, "x-requested-with": "XMLHttpRequest" } };
  }

  return { app, database, services, config, request, loginAsAdmin, close: () => (options.database ? Promise.resolve() : database.close()) };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
