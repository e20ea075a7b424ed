import pg from "pg";
import type { SqlSession } from "./test-db-reset";

/**
 * The one way tests and the bench reach a PostgreSQL server outside the app's own pools: to create,
 * copy, reset and drop the scratch databases they own (tests/helpers/test-db.ts and its pools, the
 * reliability races, bench/lib/databases.ts).
 */

/** `serverUrl` with its database name replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens one connection to `url`, runs `run` over it and closes it, whatever `run` does. */
export async function withClient<T>(url: string, run: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(sqlSession(client));
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server of `url` (create or drop a database). */
export async function onServer(url: string, statement: string): Promise<void> {
  await withClient(url, (session) => session.query(statement));
}

/** A pg client or pool as the driver-neutral session of tests/helpers/test-db-reset.ts. */
export function sqlSession(queryable: pg.Client | pg.Pool): SqlSession {
  // The callers' statements are their own, their row types declared beside them.
  return { query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await queryable.query(text, params)).rows as Row[] }) };
}
