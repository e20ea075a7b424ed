import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { Database, Db } from "../../server/platform/db/client";
import * as schema from "../../server/platform/db/schema";

/** One statement as drizzle sent it to the driver: its text and the values bound to it. */
export type Statement = { text: string; params: unknown[] };

/** Transaction control says nothing about a page's cost; PGlite's driver sends none of it through drizzle. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * A second drizzle database over `database`'s own connection (its PGlite or its pg pool), with
 * drizzle's documented `logger` option recording every statement: services built on it run
 * exactly the SQL the app's run, and the app's own database handle stays as it is.
 */
export function recordingDb(database: Database): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const logger: Logger = {
    logQuery: (text, params) => void (TRANSACTION_CONTROL.test(text) || statements.push({ text, params })),
  };
  if (database.pglite) return { db: drizzlePglite(database.pglite, { schema, logger }), statements };
  if (database.pool) return { db: drizzlePg(database.pool, { schema, logger }), statements };
  throw new Error("the database has neither a PGlite instance nor a pg pool");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Run = (text: string, params?: unknown[]) => Promise<unknown>;

/** `work` on one connection: PGlite's only one, or one client of the pool (a transaction needs one). */
async function onOneConnection<T>(database: Database, work: (run: Run) => Promise<T>): Promise<T> {
  const { pglite, pool } = database;
  if (pglite) return work((text, params) => pglite.query(text, params));
  const client = await pool!.connect();
  try {
    return await work((text, params) => client.query(text, params));
  } finally {
    client.release();
  }
}

/**
 * The median wall time of `runs` runs of each statement on the same database, as the app's driver
 * sends it (parse, plan, execute, rows back). Each run sits in a transaction rolled back after it,
 * so a session's last-seen update or any other write leaves nothing behind.
 */
export function timeStatements(database: Database, statements: Statement[], runs = 20): Promise<number[]> {
  return onOneConnection(database, async (run) => {
    const times: number[] = [];
    for (const { text, params } of statements) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        await run("begin");
        const start = performance.now();
        try {
          await run(text, params);
          samples.push(performance.now() - start);
        } finally {
          await run("rollback");
        }
      }
      times.push(median(samples));
    }
    return times;
  });
}

/** Where the statement's own FROM starts: the first " from " outside parentheses (a subquery's is inside). */
function topLevelFrom(flat: string): number {
  let depth = 0;
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === "(") depth++;
    else if (flat[i] === ")") depth--;
    else if (depth === 0 && flat.slice(i, i + 6).toLowerCase() === " from ") return i;
  }
  return -1;
}

/**
 * A statement on one line, short enough for a table cell: its first words and, for a select whose
 * column list would fill the cell, its own FROM part, which names what it reads.
 */
export function oneLine(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const from = topLevelFrom(flat);
  if (from < 0 || from < length / 2) return `${flat.slice(0, length)}…`;
  return `${flat.slice(0, 24)}… ${flat.slice(from + 1, from + 1 + length - 26)}…`;
}
