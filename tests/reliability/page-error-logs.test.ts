import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, skipPostgres, type ScratchDatabase } from "./helpers/scratch-database";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// Errors in server-rendered pages must not reach console.error as they are: a POST to /login (no
// action) would log a 12-line stack, and a database error in the session check the whole SQL with
// the cookie's hash. Every log line must be one JSON object, with no stack and no SQL.
function logProblems(output: string): string[] {
  const problems: string[] = [];
  for (const line of output.split("\n").filter((l) => l.trim())) {
    try {
      JSON.parse(line);
    } catch {
      problems.push(`not JSON: ${line}`);
    }
    if (/\bat .+:\d+:\d+/.test(line)) problems.push(`stack frame: ${line}`);
    if (/select .* from|params:/i.test(line)) problems.push(`SQL: ${line}`);
  }
  return problems;
}

describe("errors in server-rendered pages", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    if (server) await stopServer(server);
  });

  // The release notes: a server-rendered page without an action (the login page has one).
  it("a POST to a page with no action logs one sanitised JSON line", async () => {
    const before = server.output().length;
    const res = await fetch(`${server.url}/releases/dirx`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "email=a%40b.co",
    });
    expect(res.status).toBe(405);
    await new Promise((r) => setTimeout(r, 300));
    const output = server.output().slice(before);
    expect(logProblems(output)).toEqual([]);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(output)).toMatchObject({ level: "warn", status: 405, path: "/releases/dirx" });
  });

  it("a path with a malformed percent-encoding logs nothing that is not JSON", async () => {
    const before = server.output().length;
    const res = await fetch(`${server.url}/products/%E0%A4%A`);
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(logProblems(server.output().slice(before))).toEqual([]);
  });
});

describe.skipIf(skipPostgres)("a database error in the page session check", () => {
  let server: RunningServer;
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase("pagelog");
    server = await startServer({ databaseUrl: db.url });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await db?.drop();
  });

  it("logs neither SQL nor the cookie's hash", async () => {
    await db.query("alter table sessions rename to sessions_away");
    const token = randomBytes(32).toString("base64url");
    const before = server.output().length;
    const res = await fetch(`${server.url}/dashboard/overview`, { headers: { cookie: `session_id=${token}` }, redirect: "manual" });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("sessions");
    await new Promise((r) => setTimeout(r, 300));
    const output = server.output().slice(before);
    expect(logProblems(output)).toEqual([]);
    expect(output).not.toContain(createHash("sha256").update(token).digest("hex"));
    expect(output).not.toContain(token);
    const lines = output
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
    expect(lines.find((l) => l.level === "error")).toMatchObject({ error: "database query failed", path: "/dashboard/overview" });
  });
});
