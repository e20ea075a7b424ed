import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/db/query-rows";
import { invoiceCounters } from "../../platform/db/schema";
import { bare, names } from "../../platform/db/sql-names";
import type { Executor } from "../../platform/db/client";

export type Series = "invoice" | "credit_note";

/**
 * The next number of a series in a financial year, taken by one statement: the year's counter row is
 * created at its first number, and afterwards incremented (ON CONFLICT DO UPDATE takes the row lock,
 * so concurrent issuers queue on it). Run in the transaction that writes the document: a rollback
 * gives the number back, so the sequence stays gapless.
 */
export async function takeNumber(tx: Executor, series: Series, financialYear: string): Promise<number> {
  const c = invoiceCounters;
  const rows = await queryRows<{ last: number }>(
    tx,
    sql`insert into ${c} (${names(c.series, c.financialYear, c.last)}) values (${series}, ${financialYear}, 1)
      on conflict (${names(c.series, c.financialYear)}) do update set ${bare(c.last)} = ${c.last} + 1
      returning ${c.last}`,
  );
  return Number(rows[0].last);
}

/** OL/2026-27/00001 for an invoice, OL/CN/2026-27/00001 for a credit note. */
export function documentNumber(prefix: string, series: Series, financialYear: string, seq: number): string {
  const n = String(seq).padStart(5, "0");
  return series === "invoice" ? `${prefix}/${financialYear}/${n}` : `${prefix}/CN/${financialYear}/${n}`;
}
