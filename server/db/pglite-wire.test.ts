import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pglitePreparedRows } from "./pglite-prepared";

// The reader replaces PGlite's own for prepared statements (decision 080): it must give exactly the
// rows PGlite's `query` gives. PGlite only: on PostgreSQL the pg driver reads the answers.
let client: PGlite;
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
afterAll(() => client.close());

const run = <T>(name: string, text: string, params: unknown[] = [], generic = false) =>
  pglitePreparedRows<T>(client, name, text, params, { generic });

describe("rowsFromWire through pglitePreparedRows", () => {
  it("gives the rows PGlite's query gives, for every kind of column, nulls and repeated names", async () => {
    const text = `select $1::text as t, 'é ✓ 😀 ünïcødé' as utf8, null::int as nothing, 42::int4 as i4,
      9007199254740993::int8 as i8, 12.50::numeric as amount, true as yes, '{"a":[1,"x"]}'::jsonb as doc,
      array['a','b c']::text[] as list, '2026-01-02 03:04:05.678+00'::timestamptz as at, '2026-02-03'::date as day,
      '\\x00ff'::bytea as bin, 1 as twice, 2 as twice, '' as empty`;
    for (const value of ["plain", "quote ' and \\ back", null]) {
      const rows = await run("wire-types", text, [value]);
      expect(rows).toEqual((await client.query(text, [value])).rows);
    }
    const [row] = await run<Record<string, unknown>>("wire-types", text, ["x"]);
    expect(row).toMatchObject({ t: "x", utf8: "é ✓ 😀 ünïcødé", nothing: null, i4: 42, yes: true, twice: 2, empty: "" });
  });

  it("reads an answer larger than one of PGlite's buffers", async () => {
    const text = `select i, repeat('ж', 40) || i as label from generate_series(1, $1::int) i`;
    const rows = await run<{ i: number; label: string }>("wire-many", text, [20_000]);
    expect(rows).toHaveLength(20_000);
    expect(rows[19_999]).toEqual({ i: 20_000, label: `${"ж".repeat(40)}20000` });
    expect(rows).toEqual((await client.query(text, [20_000])).rows);
  });

  it("answers no rows as an empty list, and the rows of the statement asked for in a generic run", async () => {
    expect(await run("wire-none", `select 1 as n where $1::int > 1`, [0])).toEqual([]);
    expect(await run("wire-generic", `select $1::int + 1 as n`, [1], true)).toEqual([{ n: 2 }]);
  });

  it("throws PostgreSQL's error raised after some rows were sent, and the next call answers", async () => {
    const text = `select 10 / ($1::int - i) as n from generate_series(1, 5) i`;
    await expect(run("wire-error", text, [3])).rejects.toMatchObject({ code: "22012", message: "division by zero" });
    expect(await run("wire-error", text, [9])).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }, { n: 2 }, { n: 2 }]);
  });
});
