import { sql } from "drizzle-orm";
import { invoiceCounters } from "../../platform/db/schema";
import type { Db } from "../../platform/db/client";

export type Series = "invoice" | "credit_note";

/**
 * The next number of a series in a financial year, taken by one statement: the year's counter row is
 * created at its first number, and afterwards incremented (ON CONFLICT DO UPDATE takes the row lock,
 * so concurrent issuers queue on it). Run in the transaction that writes the document: a rollback
 * gives the number back, so the sequence stays gapless.
 */
export async function takeNumber(tx: Db, series: Series, financialYear: string): Promise<number> {
  const c = invoiceCounters;
  const [taken] = await tx
    .insert(c)
    .values({ series, financialYear, last: 1 })
    .onConflictDoUpdate({ target: [c.series, c.financialYear], set: { last: sql`${c.last} + 1` } })
    .returning({ last: c.last });
  return taken.last;
}

/** OL/2026-27/00001 for an invoice, OL/CN/2026-27/00001 for a credit note. */
export function documentNumber(prefix: string, series: Series, financialYear: string, seq: number): string {
  const n = String(seq).padStart(5, "0");
  return series === "invoice" ? `${prefix}/${financialYear}/${n}` : `${prefix}/CN/${financialYear}/${n}`;
}
