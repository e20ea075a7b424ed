import { getTableName, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Raw statements take their table and column names from the schema objects (`${rateLimits}`,
// `${rateLimits.count}`), so renaming a column in schema.ts changes them or fails the typecheck.
// Drizzle writes a column in `sql` as "table"."column"; these helpers give the bare name where
// PostgreSQL wants no table: INSERT column lists, ON CONFLICT targets, SET targets, `excluded.x`.

/** The column's bare name. */
export const bare = (column: AnyPgColumn): SQL => sql`${sql.identifier(column.name)}`;

/** Bare column names joined by commas: `insert into ${t} (${names(t.a, t.b)})`. */
export const names = (...columns: AnyPgColumn[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * `"table"."column"` (or `"alias"."column"`) wherever it stands: in the select list of a query on one
 * table drizzle writes the columns inside `sql` bare, which a subquery on another table would read as
 * its own column.
 */
export const qualified = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A name as an SQL string literal, for functions that take one (pg_get_serial_sequence). */
export const nameLiteral = (name: string): SQL => sql.raw(`'${name.replaceAll("'", "''")}'`);
