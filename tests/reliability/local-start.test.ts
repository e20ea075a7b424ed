import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startServer, stopServer, type RunningServer } from "./helpers/server";

// A fresh clone's `npm start` (scripts/start.mjs, no configuration) must let a buyer sign in: with
// no SMTP relay the sign-in code is printed on the console. The live site (NODE_ENV=production)
// prints none and warns about test payments instead (decision 094).
const startMjs = path.resolve("scripts/start.mjs");
// What a newcomer's shell does not have: vitest's NODE_ENV=test, and any relay of the caller's.
const NOT_IN_A_FRESH_SHELL = ["NODE_ENV", "SMTP_URL", "DATABASE_URL", "PUBLIC_ORIGIN", "SITE_CONFIG_FILE"];

function withoutFreshShellVariables(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of NOT_IN_A_FRESH_SHELL) delete env[name];
  return env;
}

type LogLine = { level?: number | string; msg?: string; to?: string; code?: string };
const logLines = (output: string): LogLine[] =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);

// Other lines may carry a `code` too (an error's SQLSTATE): the sign-in code's names its address.
const isCodeLine = (l: LogLine) => l.to !== undefined && l.code !== undefined;

async function askForCode(server: RunningServer, customer: string): Promise<void> {
  const res = await fetch(`${server.url}/api/account/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: customer }),
  });
  expect(res.status).toBe(202);
  // The code's line is written in the same request; give the pipe a moment.
  await new Promise((r) => setTimeout(r, 300));
}

describe("npm start on a fresh clone", () => {
  let dataDir: string;
  let customer: string;
  let server: RunningServer | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "rel-local-"));
    const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/cli/seed-demo.ts", "--new-database"], {
      env: { ...withoutFreshShellVariables(), DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(seeded.status, seeded.stderr).toBe(0);
    // seed:demo names the customer a newcomer signs in as (the README sends them there).
    customer = /try the account with: (\S+@example\.com)/.exec(seeded.stdout)![1];
  });
  afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
  });

  it("with no NODE_ENV prints each sign-in code, and that code signs the customer in", async () => {
    server = await startServer({ dataDir, entry: startMjs, unsetEnv: NOT_IN_A_FRESH_SHELL });
    await askForCode(server, customer);
    const lines = logLines(server.output());
    expect(lines.some((l) => l.msg?.includes("PAYMENT_PROVIDER=test in production"))).toBe(false);
    expect(lines.some((l) => l.msg?.includes("not production: a local run"))).toBe(true);
    const printed = lines.find(isCodeLine);
    expect(printed).toMatchObject({ to: customer, code: expect.stringMatching(/^\d{6}$/) });
    const verify = await fetch(`${server.url}/api/account/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: customer, code: printed!.code }),
    });
    expect(verify.status).toBe(200);
    expect(verify.headers.get("set-cookie")).toMatch(/customer_session=/);
  });

  it("with NODE_ENV=production prints no code, and warns that payments are in test mode", async () => {
    server = await startServer({ dataDir, entry: startMjs, unsetEnv: NOT_IN_A_FRESH_SHELL, env: { NODE_ENV: "production" } });
    await askForCode(server, customer);
    const output = server.output();
    const lines = logLines(output);
    expect(lines.filter(isCodeLine)).toEqual([]);
    expect(output).not.toContain(customer);
    expect(lines.some((l) => l.msg?.includes("not production"))).toBe(false);
    expect(lines.some((l) => l.msg?.includes("PAYMENT_PROVIDER=test in production"))).toBe(true);
  });
});
