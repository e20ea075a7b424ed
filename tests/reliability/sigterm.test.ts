import http from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres } from "./helpers/scratch-database";
import { startServer, type RunningServer } from "./helpers/server";
import { pgliteMessages, postgresMessages } from "./helpers/stored-messages";

// SIGTERM while contact posts and SSR pages are being answered: every request the server had
// received gets its whole answer, the process exits 0, and no acknowledged message is lost.

/** Requests sent this long before the signal have surely reached the server (2 shared cores). */
const SENT_MARGIN_MS = 100;

interface Outcome {
  startedAt: number;
  kind: "contact" | "page";
  message?: string;
  status?: number;
  /** "refused": no answer at all (connection refused or closed before any byte of the answer). */
  failure?: "refused" | "truncated";
}

async function request(url: string, kind: Outcome["kind"], n: number): Promise<Outcome> {
  const startedAt = performance.now();
  const message = kind === "contact" ? `sigterm ${process.pid} #${n} ${Math.random()}` : undefined;
  let res: Response;
  try {
    res =
      kind === "contact"
        ? await fetch(`${url}/api/contact-general`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "Sigterm Test", email: "sigterm@example.com", message }),
          })
        : await fetch(`${url}/login`);
  } catch {
    return { startedAt, kind, message, failure: "refused" };
  }
  try {
    const body = await res.text();
    if (kind === "page" && !body.includes("</html>")) return { startedAt, kind, message, status: res.status, failure: "truncated" };
  } catch {
    return { startedAt, kind, message, status: res.status, failure: "truncated" };
  }
  return { startedAt, kind, message, status: res.status };
}

/** A contact post whose body is only half sent when the signal comes; the rest follows 300 ms later. */
function slowPost(url: string, message: string, halfSent: () => void): Promise<number> {
  const body = JSON.stringify({ name: "Slow Upload", email: "slow@example.com", message });
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/contact-general`, {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.write(body.slice(0, 20));
    req.flushHeaders();
    halfSent();
    setTimeout(() => req.end(body.slice(20)), 300);
  });
}

async function sigtermUnderLoad(server: RunningServer, storedMessages: () => Promise<Set<string>>, database: string) {
  const outcomes: Outcome[] = [];
  let signalAt = Infinity;
  let n = 0;
  const worker = async (w: number) => {
    for (;;) {
      const outcome = await request(server.url, w % 2 === 0 ? "contact" : "page", n++);
      outcomes.push(outcome);
      if (outcome.failure === "refused" && outcome.startedAt > signalAt) return;
      if (outcome.failure && outcome.startedAt < signalAt - SENT_MARGIN_MS) return;
    }
  };
  const load = Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
  await new Promise((r) => setTimeout(r, 1500));

  const slowMessage = `slow ${process.pid} ${Math.random()}`;
  let halfSent!: () => void;
  const sent = new Promise<void>((r) => (halfSent = r));
  const slow = slowPost(server.url, slowMessage, halfSent);
  await sent;
  await new Promise((r) => setTimeout(r, 100));

  signalAt = performance.now();
  server.proc.kill("SIGTERM");
  // /readyz, asked once the server has logged that it is shutting down: 503 or no answer, never 200.
  const readyAfterSignal: number[] = [];
  const pollReady = (async () => {
    while (server.proc.exitCode === null && !server.output().includes('"shutting down"')) await new Promise((r) => setTimeout(r, 5));
    while (server.proc.exitCode === null) {
      try {
        readyAfterSignal.push((await fetch(`${server.url}/readyz`, { headers: { connection: "close" } })).status);
      } catch {
        readyAfterSignal.push(0);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const exitCode = await server.exited;
  const drainMs = performance.now() - signalAt;
  await Promise.all([load, pollReady]);
  const slowStatus = await slow.catch(() => 0);

  const before = outcomes.filter((o) => o.startedAt < signalAt - SENT_MARGIN_MS);
  const after = outcomes.filter((o) => o.startedAt >= signalAt - SENT_MARGIN_MS);
  const acked = outcomes.filter((o) => o.status === 201).map((o) => o.message as string);
  if (slowStatus === 201) acked.push(slowMessage);
  const stored = await storedMessages();
  const lost = acked.filter((m) => !stored.has(m));
  const unexpected = outcomes.filter((o) => o.status !== undefined && o.status !== (o.kind === "contact" ? 201 : 200));
  figureRow(`SIGTERM under load (${database})`, {
    "exit code": String(exitCode),
    "drain ms": drainMs,
    "requests sent before": before.length,
    "of them failed": before.filter((o) => o.failure).length,
    "started in the last 100 ms or after": after.length,
    answered: after.filter((o) => !o.failure).length,
    truncated: outcomes.filter((o) => o.failure === "truncated").length,
    "half-sent post": slowStatus,
    acknowledged: acked.length,
    lost: lost.length,
    "/readyz while draining (200/503/no answer)": [200, 503, 0].map((code) => readyAfterSignal.filter((s) => s === code).length).join("/"),
  });
  expect(exitCode).toBe(0);
  expect(before.filter((o) => o.failure)).toEqual([]);
  expect(outcomes.filter((o) => o.failure === "truncated")).toEqual([]);
  expect(unexpected).toEqual([]);
  expect(slowStatus).toBe(201);
  expect(lost).toEqual([]);
  expect(readyAfterSignal.filter((s) => s === 200)).toEqual([]);
}

describe("SIGTERM under load", () => {
  it("drains in-flight requests and exits 0 on PGlite", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-sigterm-"));
    const server = await startServer({ dataDir });
    await sigtermUnderLoad(server, () => pgliteMessages(dataDir), "PGlite");
  }, 120_000);

  it.skipIf(skipPostgres)(
    "drains in-flight requests and exits 0 on PostgreSQL",
    async () => {
      const scratch = await createScratchDatabase("sigterm");
      try {
        const server = await startServer({ databaseUrl: scratch.url });
        await sigtermUnderLoad(server, () => postgresMessages(scratch), "PostgreSQL");
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );
});
