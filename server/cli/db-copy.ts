import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../platform/db/client";
import { queryRows } from "../platform/db/query-rows";

/** Rows moved per INSERT: one JSON array of this many rows. */
const BATCH = 1000;
/** Filled by the migrations themselves (running totals, all 0 on an empty database). */
const MIGRATION_FILLED = new Set(["stat_counters"]);

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export class TargetNotEmptyError extends Error {
  readonly kind = "target_not_empty";
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of the embedded database into a migrated PostgreSQL database at the same
 * schema version, in one transaction: parents before children (foreign keys), each row as
 * row_to_json on the source and json_populate_recordset on the target, so every type (arrays, jsonb,
 * timestamps, bytea) takes PostgreSQL's own text form both ways. The target's own triggers are off
 * while copying (the copied summary tables already hold their totals); sequences then continue
 * after the copied ids. Refuses a target that holds any row.
 */
export async function copyDatabase(source: Db, target: pg.Pool): Promise<TableCount[]> {
  const client = await target.connect();
  try {
    const { tables, later } = await tablesInDependencyOrder(client);
    for (const table of tables) {
      const filter = MIGRATION_FILLED.has(table) ? " where value <> 0" : "";
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}${filter}`);
      if (Number(rows[0].n) > 0)
        throw new TargetNotEmptyError(`The target database is not empty (table ${table} has rows); nothing was copied.`);
    }
    await client.query("begin");
    for (const table of tables) {
      await client.query(`alter table ${quote(table)} disable trigger user`);
      if (MIGRATION_FILLED.has(table)) await client.query(`delete from ${quote(table)}`);
      const columns = (
        await client.query<{ name: string }>(
          `select column_name as name from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        )
      ).rows.map((c) => quote(c.name));
      const held = new Set(later.filter((l) => l.table === table).flatMap((l) => l.columns.map(quote)));
      const selected = columns.map((c) => (held.has(c) ? "null" : c));
      // One cursor per table, read BATCH rows at a time: pages by OFFSET sorted the whole table
      // again for every page (100,000 orders took over 10 minutes on a loaded 2-core machine).
      // Raw SQL (decision 114): the db copy, a cursor over any table by its name.
      await source.transaction(async (tx) => {
        await tx.execute(sql.raw(`declare copy_rows no scroll cursor for select row_to_json(t)::text as j from ${quote(table)} t`));
        for (;;) {
          const rows = await queryRows<{ j: string }>(tx, sql.raw(`fetch ${BATCH} from copy_rows`));
          if (rows.length === 0) break;
          await client.query(
            `insert into ${quote(table)} (${columns.join(", ")}) overriding system value
             select ${selected.join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`,
            [`[${rows.map((r) => r.j).join(",")}]`],
          );
          if (rows.length < BATCH) break;
        }
        await tx.execute(sql.raw(`close copy_rows`));
      });
      await client.query(`alter table ${quote(table)} enable trigger user`);
      await moveSequences(client, table);
    }
    for (const l of later) {
      await client.query(`alter table ${quote(l.table)} disable trigger user`);
      await setLater(source, client, l);
      await client.query(`alter table ${quote(l.table)} enable trigger user`);
    }
    await client.query("commit");
    const counts: TableCount[] = [];
    for (const table of tables) {
      // Raw SQL (decision 114): the db copy, any table by its name.
      const [s] = await queryRows<{ n: string }>(source, sql.raw(`select count(*) as n from ${quote(table)}`));
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
      counts.push({ table, source: Number(s.n), target: Number(rows[0].n) });
    }
    return counts;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * The public tables, each after every table its foreign keys point to; a foreign key closing a
 * cycle (coupons and orders name each other) is returned in `later`: its columns are copied as
 * null first and set once every table is in.
 */
async function tablesInDependencyOrder(client: pg.PoolClient): Promise<{ tables: string[]; later: Later[] }> {
  const tables = (
    await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string; columns: string[] }>(
      `select c.relname as child, p.relname as parent,
         array(select a.attname::text from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) as columns
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const later: Later[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table)) return;
    path.add(table);
    for (const e of edges) {
      if (e.child !== table) continue;
      if (path.has(e.parent)) later.push({ table, columns: e.columns });
      else visit(e.parent, path);
    }
    path.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return { tables: ordered, later };
}

interface Later {
  table: string;
  columns: string[];
}

/** Sets the columns held back by a foreign-key cycle, row by row through the primary key. */
async function setLater(source: Db, client: pg.PoolClient, { table, columns }: Later): Promise<void> {
  const keys = (
    await client.query<{ name: string }>(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = $1::regclass and i.indisprimary`,
      [quote(table)],
    )
  ).rows.map((r) => quote(r.name));
  const cols = columns.map(quote);
  // Raw SQL (decision 114): the db copy, any table by its name.
  const rows = await queryRows<{ j: string }>(
    source,
    sql.raw(`select row_to_json(t)::text as j from ${quote(table)} t where ${cols.map((c) => `${c} is not null`).join(" or ")}`),
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    await client.query(
      `update ${quote(table)} t set ${cols.map((c) => `${c} = s.${c}`).join(", ")}
       from json_populate_recordset(null::${quote(table)}, $1::json) s where ${keys.map((k) => `t.${k} = s.${k}`).join(" and ")}`,
      [
        `[${rows
          .slice(i, i + BATCH)
          .map((r) => r.j)
          .join(",")}]`,
      ],
    );
  }
}

/** Each serial or identity column's sequence continues after the largest copied value. */
async function moveSequences(client: pg.PoolClient, table: string): Promise<void> {
  const { rows } = await client.query<{ column: string; seq: string }>(
    `select a.attname as column, pg_get_serial_sequence($1, a.attname) as seq from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and pg_get_serial_sequence($1, a.attname) is not null`,
    [quote(table)],
  );
  for (const r of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quote(r.column)}) from ${quote(table)}), 1), (select max(${quote(r.column)}) from ${quote(table)}) is not null)`,
      [r.seq],
    );
  }
}
