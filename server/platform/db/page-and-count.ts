import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./query-rows";

export type PageAndCount<T> = {
  /** The page's rows, in `order`, with the selected columns' SQL names (dates as the driver gives them: see query-rows.ts `asDate`). */
  rows: T[];
  /** Matches, counted up to `cap + 1` (more than `cap` means "more than"). */
  n: number;
};

/**
 * One page of an admin list and its total, capped at `cap`, in ONE statement (decision 065).
 * Each statement of a list answer costs the server a socket write and read to the database (on the
 * shared VM the largest single item of a list request's CPU profile), and each text PostgreSQL plans
 * costs the database more than the page; so:
 * - the page and its count are one round trip;
 * - the capped count (`matches`, a `select 1 from … where …`) runs only when the page cannot tell
 *   the total: a first page shorter than `size` holds every match, and so does a later page that is
 *   short but not empty (an exact code, an e-mail with a few orders). The count is a scalar subquery
 *   in a CASE, which PostgreSQL evaluates only when that branch is taken;
 * - nor when `atLeast`, a counter read in the same statement (same snapshot), already passes the cap;
 * - the page's LIMIT, a first page's OFFSET 0 and the count's cap are written into the text, not
 *   sent as values, so the planner sees them (decision 079).
 *
 * `page` is the page's SELECT with its ORDER BY (this adds LIMIT `size` and OFFSET `offset`); `order`
 * orders the outer rows by the page's output columns (`page.<column>`), the same order again.
 */
export async function pageAndCount<T extends Record<string, unknown>>(
  db: Pick<Db, "execute">,
  q: {
    page: SQL;
    matches: SQL;
    size: number;
    offset: number;
    cap: number;
    order: SQL;
    /** A cheap scalar lower bound of the matches (a counter kept by triggers): above `cap`, nothing is counted. */
    atLeast?: SQL;
  },
): Promise<PageAndCount<T>> {
  // Integers written into the text (validated here: they are not sent as values).
  const literal = (n: number, what: string) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`pageAndCount: ${what} must be a whole number`);
    return sql.raw(String(n));
  };
  const onPage = sql`(select count(*) from page)`;
  // Whether the page alone tells the total: the offset is part of the text (0 or not), its value is a parameter.
  const told = q.offset === 0 ? sql`${onPage} < ${q.size}` : sql`${onPage} between 1 and ${q.size - 1}`;
  const limited = sql`${q.page} limit ${literal(q.size, "size")} offset ${q.offset === 0 ? literal(0, "offset") : q.offset}`;
  const query = sql`with page as materialized (${limited})
    select (case when ${told} then ${q.offset} + ${onPage}
      ${q.atLeast ? sql`when (${q.atLeast}) > ${q.cap} then ${q.cap + 1}` : sql``}
      else (select count(*) from (${q.matches} limit ${literal(q.cap + 1, "cap")}) as capped) end) as list_total, page.*
    from (select 1) as one left join page on true
    order by ${q.order}`;
  // Raw SQL (decision 114): one statement the builder cannot write, a materialized CTE beside a count only a CASE runs (decision 065).
  const rows = await queryRows<T & { list_total: number | string; id: unknown }>(db, query);
  const n = Number(rows[0].list_total);
  // No match on this page: the one row of the left join carries only the total.
  return { rows: rows[0].id === null ? [] : rows, n };
}
