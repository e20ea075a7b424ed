import { sql } from "drizzle-orm";
import { alias, PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { licences } from "./schema";
import { renderedOnce } from "./sql-names";

const dialect = new PgDialect();
const l = alias(licences, "l");
const direct = (hash: string, limit: number | null) =>
  sql`select ${l.id} from ${licences} ${l} where ${l.keyHash} = ${hash} and ${l.machineLimit} > ${limit} or ${l.keyHash} = ${hash}`;

describe("renderedOnce", () => {
  it("gives the text and values the statement written directly gives, for each call's values", () => {
    const once = renderedOnce(
      ["hash", "limit"],
      ({ hash, limit }) =>
        sql`select ${l.id} from ${licences} ${l} where ${l.keyHash} = ${hash} and ${l.machineLimit} > ${limit} or ${l.keyHash} = ${hash}`,
    );
    for (const [hash, limit] of [
      ["a", 1],
      ["b'c", null],
    ] as const)
      expect(dialect.sqlToQuery(once({ hash, limit }))).toEqual(dialect.sqlToQuery(direct(hash, limit)));
  });

  it("refuses a statement with a value that is not a placeholder", () => {
    expect(() => renderedOnce(["hash"], ({ hash }) => sql`select 1 where ${hash} = ${"inlined"}`)).toThrow(/placeholder/);
  });
});
