import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { AppPGlite } from "../../server/platform/db/app-pglite";
import { type Database, openPglite } from "../../server/platform/db/client";

/**
 * The unit suite's PGlite copies, kept for reuse within one Vitest worker (the config's
 * `isolate: false` keeps this module loaded from one test file to the next). Opening a copy of the
 * migrated template costs about 0.6 s of CPU and the suite asks for about 250; putting a copy back
 * in its migrated state costs about 15 ms. A copy is reused only when the test left its
 * schema as migrated and no transaction open; anything else closes it and the next file gets a
 * fresh copy, so a test that runs DDL costs time, never another file's correctness.
 */
const idle: PooledCopy[] = [];

type PooledCopy = { database: Database; pglite: PGlite; baseline: Baseline };

/** What the migrated template holds that a reset restores: seeded rows, sequences, the schema's fingerprint. */
type Baseline = {
  tables: string[];
  seeded: { table: string; rows: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  fingerprint: string;
};

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

async function openCopy(templateFile: string): Promise<PooledCopy> {
  const database = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(templateFile)]) });
  const pglite = database.pglite as PGlite;
  return { database, pglite, baseline: await readBaseline(pglite) };
}

// Every ordinary table outside the system schemas, drizzle's migration journal included.
const TABLES = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_%' order by 1`;

const SEQUENCES = `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
  last_value is not null as called from pg_sequences order by 1`;

// A schema change adds, removes or rewrites rows of these catalogs, and each rewrite carries a newer
// transaction id, so their row counts and newest xmin change with any DDL (a TRUNCATE too: it gives
// the table new files, so a test that truncates is followed by a fresh copy).
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
  "pg_authid",
  "pg_database",
  "pg_db_role_setting",
  "pg_sequence",
  "pg_event_trigger",
];
const FINGERPRINT = `select string_agg(part, ' ') as fingerprint from (${CATALOGS.map(
  (name) => `select '${name}:' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as part from pg_catalog.${name}`,
).join(" union all ")}) as parts`;

async function readBaseline(pglite: PGlite): Promise<Baseline> {
  const tables = (await pglite.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const seeded: Baseline["seeded"] = [];
  for (const table of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    if (rows[0].rows) seeded.push({ table, rows: rows[0].rows });
  }
  const sequences = (await pglite.query<Baseline["sequences"][number]>(SEQUENCES)).rows;
  return { tables, seeded, sequences, fingerprint: await fingerprint(pglite) };
}

const fingerprint = async (pglite: PGlite) => (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;

/** Puts the copy back as the template left it; false when it cannot be trusted to be (then it is closed). */
async function resetCopy({ pglite, baseline }: PooledCopy): Promise<boolean> {
  if (pglite.closed) return false;
  if (pglite instanceof AppPGlite) pglite.timer = undefined; // a test's timer must not time the next owner's queries
  try {
    // Refused inside a transaction; also ends what the owner left in the session (settings, locks, temp tables).
    await pglite.exec("discard all");
    if ((await fingerprint(pglite)) !== baseline.fingerprint) return false;
    await pglite.transaction(async (tx) => {
      // Replica mode: no trigger runs, the foreign keys' included, so the tables empty in any order.
      await tx.exec(`set local session_replication_role = replica; ${baseline.tables.map((table) => `delete from ${table};`).join(" ")}`);
      for (const { table, rows } of baseline.seeded) {
        await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [rows]);
      }
      const { sequences } = baseline;
      await tx.query(
        "select setval(name::regclass, value::bigint, called) from unnest($1::text[], $2::text[], $3::bool[]) as s(name, value, called)",
        [sequences.map((s) => s.name), sequences.map((s) => s.value), sequences.map((s) => s.called)],
      );
    });
    return true;
  } catch {
    return false;
  }
}
