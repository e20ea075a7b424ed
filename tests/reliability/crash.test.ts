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

function report(database: string, rounds: number, acked: Set<string>, stored: Set<string>, unanswered: number, started: number) {
  const lost = [...acked].filter((m) => !stored.has(m));
  figureRow(`SIGKILL crash rounds (${database})`, {
    rounds,
    acknowledged: acked.size,
    stored: stored.size,
    lost: lost.length,
    "cut off by the kill": unanswered,
    seconds: (Date.now() - started) / 1000,
  });
  return lost;
}

describe("SIGKILL under contact load", () => {
  it(`keeps every acknowledged message on PGlite across ${rounds} kills`, async () => {
    const started = Date.now();
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-crash-"));
    const { acked, unanswered } = await crashRounds(rounds, () => startServer({ dataDir }), { killAfterFirstAck: true });
    const lost = report("PGlite", rounds, acked, await pgliteMessages(dataDir), unanswered, started);
    expect(acked.size).toBeGreaterThan(rounds);
    expect(lost).toEqual([]);
  }, 600_000);

  it.skipIf(skipPostgres)(
    `keeps every acknowledged message on PostgreSQL across ${rounds} kills`,
    async () => {
      const started = Date.now();
      const scratch = await createScratchDatabase("crash");
      try {
        const { acked, unanswered } = await crashRounds(rounds, () => startServer({ databaseUrl: scratch.url }), {
          killAfterFirstAck: true,
        });
        const lost = report("PostgreSQL", rounds, acked, await postgresMessages(scratch), unanswered, started);
        expect(acked.size).toBeGreaterThan(rounds);
        expect(lost).toEqual([]);
      } finally {
        await scratch.drop();
      }
    },
    600_000,
  );
});
