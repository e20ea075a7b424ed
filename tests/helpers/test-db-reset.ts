/**
 * Puts a test database back in the state its migrated template left it, so that the next test file
 * can own it (tests/helpers/pglite-pool.ts, tests/helpers/postgres-pool.ts). The same statements run
 * on PGlite and on a PostgreSQL connection: both answer `query(text, params)` with `rows`.
 */
export type SqlSession = { query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }> };

/** What a reset restores: the seeded rows, the sequences, and the schema's fingerprint. */
export type Baseline = {
  tables: string[];
  seeded: { table: string; rows: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  fingerprint: string;
};

// Every ordinary table outside the system schemas, drizzle's migration journal included.
const TABLES = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_%' order by 1`;

const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
  last_value is not null as called from pg_sequences order by 1`;

// A schema change adds, removes or rewrites rows of these catalogs, and each rewrite carries a newer
// transaction id, so their row counts and newest xmin change with any DDL (a TRUNCATE too: it gives
// the table new files, so a test that truncates is followed by a fresh copy). Only the database's
// own catalogs: on PostgreSQL the shared ones (databases, roles) change as other files run.
const CATALOGS = [
  "pg_class",
  "pg_attribute",
  "pg_attrdef",
  "pg_constraint",
  "pg_index",
  "pg_trigger",
  "pg_proc",
  "pg_type",
  "pg_enum",
  "pg_namespace",
  "pg_rewrite",
  "pg_policy",
  "pg_extension",
  "pg_sequence",
  "pg_event_trigger",
];
const FINGERPRINT = `select string_agg(part, ' ') as fingerprint from (${CATALOGS.map(
  (name) => `select '${name}:' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as part from pg_catalog.${name}`,
).join(" union all ")}) as parts`;

const fingerprint = async (session: SqlSession) => (await session.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;

/** Read from a fresh copy of the template. */
export async function readBaseline(session: SqlSession): Promise<Baseline> {
  const tables = (await session.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const seeded: Baseline["seeded"] = [];
  for (const table of tables) {
    const { rows } = await session.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    if (rows[0].rows) seeded.push({ table, rows: rows[0].rows });
  }
  const sequences = (await session.query<Baseline["sequences"][number]>(SEQUENCES)).rows;
  return { tables, seeded, sequences, fingerprint: await fingerprint(session) };
}

/**
 * Empties every table with triggers off, puts the seeded rows back, sets every sequence where the
 * template had it and zeroes the table statistics. False, changing nothing, when the schema is not the
 * template's. Throws when the session cannot (inside a transaction, or without the superuser's
 * right to turn triggers off): the caller then never hands the database out again.
 */
export async function resetToBaseline(session: SqlSession, baseline: Baseline): Promise<boolean> {
  if ((await fingerprint(session)) !== baseline.fingerprint) return false;
  await session.query("begin");
  try {
    // Replica mode: no trigger runs, the foreign keys' included, so the tables empty in any order.
    await session.query("set local session_replication_role = replica");
    for (const table of baseline.tables) await session.query(`delete from ${table}`);
    for (const { table, rows } of baseline.seeded) {
      await session.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [rows]);
    }
    const { sequences } = baseline;
    await session.query(
      "select setval(name::regclass, value::bigint, called) from unnest($1::text[], $2::text[], $3::bool[]) as s(name, value, called)",
      [sequences.map((s) => s.name), sequences.map((s) => s.value), sequences.map((s) => s.called)],
    );
    await session.query("commit");
  } catch (error) {
    await session.query("rollback");
    throw error;
  }
  // The table statistics start at zero, as in a fresh copy. A backend reports its counts when a
  // statement ends, at most once a second: the emptying's counts are reported first, then reset, so
  // none arrive during the next owner's test. (Deleted rows stay on their pages until a VACUUM.)
  await session.query("select pg_stat_force_next_flush()");
  await session.query("select pg_stat_reset()");
  return true;
}
