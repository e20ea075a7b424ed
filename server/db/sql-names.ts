import { getTableName, is, Placeholder, sql, type SQL } from "drizzle-orm";
import { PgDialect, type AnyPgColumn } from "drizzle-orm/pg-core";

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

const dialect = new PgDialect();

/**
 * A statement rendered to text once, for a hot path: `build` writes it with the schema objects and
 * a placeholder per value; the function returned makes, per call, an `sql` object of that fixed text
 * and the call's values, as cheap as a template literal of plain text. (Rendering schema objects is
 * not: the licence lookup's aliased columns took 60-80 µs a call, its plain text 2-6 µs.)
 */
export function renderedOnce<const K extends string>(
  keys: readonly K[],
  build: (values: Record<K, Placeholder<K>>) => SQL,
): (values: Record<K, unknown>) => SQL {
  const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, Placeholder<K>>;
  const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
  const parts = text.split(/\$\d+/);
  const order = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
  if (order.some((n, i) => n !== i + 1) || !params.every((p) => is(p, Placeholder)))
    throw new Error("renderedOnce: every value must be one of its placeholders");
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  const valueNames = (params as Placeholder<K>[]).map((p) => p.name);
  return (values) => sql(strings, ...valueNames.map((name) => values[name]));
}
