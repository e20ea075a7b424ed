import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { crashRounds } from "./helpers/crash";
import { figureRow } from "./helpers/figures";
import { createScratchDatabase, skipPostgres } from "./helpers/scratch-database";
import { startServer } from "./helpers/server";
import { pgliteMessages, postgresMessages } from "./helpers/stored-messages";

// SIGKILL the server mid-load, RELIABILITY_ROUNDS times (default 20): every contact message that
// was answered 201 must be in the database after the restarts.
const rounds = Number(process.env.RELIABILITY_ROUNDS ?? 20);

function report(
  database: string,
  { rounds, acked, unanswered, ports }: Awaited<ReturnType<typeof crashRounds>>,
  stored: Set<string>,
  started: number,
) {
  const lost = [...acked].filter((m) => !stored.has(m));
  // Which rounds lost what, and the port each of them used: a whole round lost points at the process
  // that answered it rather than at the database (docs/reliability.md).
  const lostByRound = new Map<number, number>();
  for (const m of lost) {
    const round = Number(/ round (\d+) /.exec(m)?.[1]);
    lostByRound.set(round, (lostByRound.get(round) ?? 0) + 1);
  }
  const lostRounds = [...lostByRound].map(([round, n]) => `round ${round} (port ${ports[round]}): ${n}`).join("; ");
  figureRow(`SIGKILL crash rounds (${database})`, {
    rounds,
    acknowledged: acked.size,
    stored: stored.size,
    lost: lost.length,
    "cut off by the kill": unanswered,
    seconds: (Date.now() - started) / 1000,
    ...(lostRounds ? { "lost by round": lostRounds } : {}),
  });
  return lost;
}

describe("SIGKILL under contact load", () => {
  it(`keeps every acknowledged message on PGlite across ${rounds} kills`, async () => {
    const started = Date.now();
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-crash-"));
    const run = await crashRounds(rounds, () => startServer({ dataDir }), { killAfterFirstAck: true });
    const lost = report("PGlite", run, await pgliteMessages(dataDir), started);
    expect(run.acked.size).toBeGreaterThan(rounds);
    expect(lost).toEqual([]);
  }, 600_000);

  it.skipIf(skipPostgres)(
    `keeps every acknowledged message on PostgreSQL across ${rounds} kills`,
    async () => {
      const started = Date.now();
      const scratch = await createScratchDatabase("crash");
      try {
        const run = await crashRounds(rounds, () => startServer({ databaseUrl: scratch.url }), { killAfterFirstAck: true });
        const lost = report("PostgreSQL", run, await postgresMessages(scratch), started);
        expect(run.acked.size).toBeGreaterThan(rounds);
        expect(lost).toEqual([]);
      } finally {
        await scratch.drop();
      }
    },
    600_000,
  );
});
