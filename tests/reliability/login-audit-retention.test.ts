import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres, type ScratchDatabase } from "./helpers/scratch-database";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// A throttled login must not write an audit row per post holding the attacker's e-mail text
// (~1,300 rows in 10 s from one client), and audit and throttle rows must be deleted in time.
let db: ScratchDatabase;
let server: RunningServer | undefined;

describe.skipIf(skipPostgres)("login throttling and retention", () => {
  beforeAll(async () => {
    db = await createScratchDatabase("audit");
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await db?.drop();
  });

  it("throttled logins do not write an audit row each, and are counted", async () => {
    server = await startServer({ databaseUrl: db.url });
    const posts = 80;
    const statuses: number[] = [];
    for (let i = 0; i < posts; i++) {
      const res = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `victim@example.com`, password: `guess number ${i}` }),
      });
      statuses.push(res.status);
    }
    const throttled = statuses.filter((s) => s === 429).length;
    const rows = await db.query<{ action: string; n: string }>("select action, count(*) as n from audit_log group by action");
    const byAction = Object.fromEntries(rows.map((r) => [r.action, Number(r.n)]));
    figureRow("throttled login audit rows", { posts, "answered 429": throttled, ...byAction });
    expect(throttled).toBeGreaterThan(60);
    expect(byAction["login.failure"]).toBeLessThanOrEqual(10);
    expect(byAction["login.throttled"] ?? 0).toBeLessThanOrEqual(4);
    const counted = await db.query<{ n: string }>(
      "select coalesce(sum(count), 0) as n from rate_limits where key like 'login-throttled:%'",
    );
    expect(Number(counted[0].n)).toBe(throttled);
  });

  it("deletes audit and throttle rows past their retention, in the background", async () => {
    await db.query(`insert into audit_log (action, entity, created_at) values
      ('old.change', 'test', now() - interval '200 days'), ('recent.change', 'test', now() - interval '10 days')`);
    await db.query(`insert into rate_limits (key, window_start, count) values ('old-key', now() - interval '3 days', 1)`);
    await db.query(`insert into login_failures (key, failures, updated_at) values ('old|1.2.3.4', 3, now() - interval '3 days')`);
    if (server) await stopServer(server);
    server = await startServer({ databaseUrl: db.url, env: { AUDIT_RETENTION_DAYS: "180" } });
    const deadline = Date.now() + 15_000;
    let left: { old: string; recent: string; limits: string; failures: string } | undefined;
    while (Date.now() < deadline) {
      [left] = await db.query<{ old: string; recent: string; limits: string; failures: string }>(`select
        (select count(*) from audit_log where action = 'old.change') as old,
        (select count(*) from audit_log where action = 'recent.change') as recent,
        (select count(*) from rate_limits where key = 'old-key') as limits,
        (select count(*) from login_failures where key = 'old|1.2.3.4') as failures`);
      if (left.old === "0" && left.limits === "0" && left.failures === "0") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(left).toEqual({ old: "0", recent: "1", limits: "0", failures: "0" });
  });
});
