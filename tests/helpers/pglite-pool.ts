import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { AppPGlite } from "../../server/platform/db/app-pglite";
import { type Database, openPglite } from "../../server/platform/db/client";
import { type Baseline, readBaseline, resetToBaseline } from "./test-db-reset";

/**
 * The unit suite's PGlite copies, kept for reuse within one Vitest worker (the config's
 * `isolate: false` keeps this module loaded from one test file to the next). Opening a copy of the
 * migrated template costs about 0.6 s of CPU and the suite asks for about 250; putting a copy back
 * in its migrated state (tests/helpers/test-db-reset.ts) costs about 15 ms. A copy is reused only
 * when the test left its schema as migrated and no transaction open; anything else closes it and
 * the next file gets a fresh copy, so a test that runs DDL costs time, never another file's
 * correctness.
 */
const idle: PooledCopy[] = [];

type PooledCopy = { database: Database; pglite: PGlite; baseline: Baseline };

/** A copy of the template for one owner; its close() resets it and keeps it for the next owner. */
export async function leasePgliteCopy(templateFile: string): Promise<Database> {
  const copy = idle.pop() ?? (await openCopy(templateFile));
  let returned = false;
  return {
    ...copy.database,
    close: async () => {
      if (returned) return;
      returned = true;
      if (await resetCopy(copy)) idle.push(copy);
      else await copy.database.close();
    },
  };
}

/** A new PGlite opened from the run's template file: in memory, or at `dataDir` on disk. */
export function openTemplateCopy(templateFile: string, dataDir?: string): Promise<Database> {
  return openPglite(dataDir, { loadDataDir: new Blob([readFileSync(templateFile)]) });
}

async function openCopy(templateFile: string): Promise<PooledCopy> {
  const database = await openTemplateCopy(templateFile);
  const pglite = database.pglite as PGlite;
  return { database, pglite, baseline: await readBaseline(pglite) };
}

/** Puts the copy back as the template left it; false when it cannot be trusted to be (then it is closed). */
async function resetCopy({ pglite, baseline }: PooledCopy): Promise<boolean> {
  if (pglite.closed) return false;
  if (pglite instanceof AppPGlite) pglite.timer = undefined; // a test's timer must not time the next owner's queries
  try {
    // Refused inside a transaction; also ends what the owner left in the session (settings, locks, temp tables).
    await pglite.exec("discard all");
    return await resetToBaseline(pglite, baseline);
  } catch {
    return false;
  }
}
