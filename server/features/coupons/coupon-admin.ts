import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import {
  COUPON_COUNT_CAP,
  COUPON_SEARCH_COUNT_CAP,
  type CouponItem,
  type CouponList,
  type CouponListQuery,
} from "../../../contract/admin-coupons";
import { coupons, productVersions, statCounters } from "../../platform/db/schema";
import { pageAndCount } from "../../platform/db/page-and-count";
import { asDate } from "../../platform/db/query-rows";
import type { Audit } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import { ConflictError, NotFoundError } from "../../platform/errors";
import type { Actor } from "../../platform/actor";
import { formatDate } from "../../../contract/time";

const columns = {
  id: coupons.id,
  code: coupons.code,
  productId: productVersions.productId,
  version: productVersions.version,
  discount: coupons.discountPercent,
  usedAt: coupons.usedAt,
  voidedAt: coupons.voidedAt,
  orderId: coupons.orderId,
  expiresAt: coupons.expiresAt,
  note: coupons.note,
  createdAt: coupons.createdAt,
};
type Row = {
  id: number;
  code: string;
  productId: string;
  version: string;
  discount: number;
  usedAt: Date | null;
  voidedAt: Date | null;
  orderId: number | null;
  expiresAt: Date | null;
  note: string | null;
  createdAt: Date;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toItem = (r: Row): CouponItem => ({
  code: r.code,
  product_id: r.productId,
  version: r.version,
  discount: r.discount,
  status: r.usedAt ? "used" : r.voidedAt ? "void" : "unused",
  created_at: r.createdAt.toISOString(),
  used_at: iso(r.usedAt),
  order_id: r.orderId,
  expires_at: iso(r.expiresAt),
  note: r.note,
});

/** A page row as read raw (pageAndCount): the selected columns' SQL names, dates as the driver gives them. */
type RawRow = {
  id: number | string;
  code: string;
  product_id: string;
  version: string;
  discount_percent: number;
  used_at: unknown;
  voided_at: unknown;
  order_id: number | string | null;
  expires_at: unknown;
  note: string | null;
  created_at: unknown;
};
const fromRaw = (r: RawRow): Row => ({
  id: Number(r.id),
  code: r.code,
  productId: r.product_id,
  version: r.version,
  discount: r.discount_percent,
  usedAt: asDate(r.used_at),
  voidedAt: asDate(r.voided_at),
  orderId: r.order_id === null ? null : Number(r.order_id),
  expiresAt: asDate(r.expires_at),
  note: r.note,
  createdAt: asDate(r.created_at)!,
});

/**
 * Codes that start with `q`, as the byte range [q, q with its last character + 1) of
 * coupons_code_prefix_idx (text_pattern_ops compares bytes). LIKE 'q%' takes the same range from
 * the index but then re-checks the pattern on every entry: on PGlite that re-check was a quarter of
 * counting 10,000 matches (2.5 -> 1.8 ms). Codes are [A-Za-z0-9], so the next character of the
 * last one ('9' -> ':', 'Z' -> '[', 'z' -> '{') is a single byte that no code holds.
 */
function startsWith(q: string): SQL | undefined {
  const prefix = q.replace(/[^A-Za-z0-9]/g, "");
  if (!prefix) return undefined;
  const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`${coupons.code} ~>=~ ${prefix} and ${coupons.code} ~<~ ${after}`;
}

/** The admin's coupon list, CSV export and void. */
export function createCouponAdmin({ db, audit }: ServiceDeps & { audit: Audit }) {
  function where(query: Omit<CouponListQuery, "page" | "page_size">): SQL | undefined {
    const filters: SQL[] = [];
    // coupons_code_prefix_idx (text_pattern_ops) serves both: an exact code is its own prefix.
    const prefix = query.q ? startsWith(query.q) : undefined;
    if (prefix) filters.push(prefix);
    if (query.status === "used") filters.push(isNotNull(coupons.usedAt));
    if (query.status === "void") filters.push(and(isNull(coupons.usedAt), isNotNull(coupons.voidedAt)) as SQL);
    if (query.status === "unused") filters.push(and(isNull(coupons.usedAt), isNull(coupons.voidedAt)) as SQL);
    if (query.product_id) filters.push(eq(productVersions.productId, query.product_id));
    if (query.version) filters.push(eq(productVersions.version, query.version));
    return filters.length ? and(...filters) : undefined;
  }

  const base = () => db.select(columns).from(coupons).innerJoin(productVersions, eq(productVersions.id, coupons.productVersionId));

  return {
    /**
     * Newest first, one page, and the total counted up to COUPON_COUNT_CAP. An exact count of a
     * million codes took 272 ms on PostgreSQL and timed out on PGlite under the bench's 10
     * connections; the capped count reads at most COUPON_COUNT_CAP + 1 index entries, joins the
     * versions only when a product filter needs them, and runs only when the page cannot tell the
     * total, nor, unfiltered, when the trigger-kept total of coupons already passes the cap. Page and
     * count are one statement (pageAndCount, decision 065).
     *
     * A code search (`q`) lists its matches in code order instead, the order of the code index it
     * reads, so a page is the next entries of one index range rather than every match sorted by id;
     * and it counts up to COUPON_SEARCH_COUNT_CAP (decision 078).
     */
    async list(query: CouponListQuery): Promise<CouponList> {
      const filter = where(query);
      // q is letters and digits only (CouponListQuerySchema): a non-empty q is a code search.
      const search = Boolean(query.q);
      const cap = search ? COUPON_SEARCH_COUNT_CAP : COUPON_COUNT_CAP;
      const matches =
        query.product_id || query.version
          ? sql`${coupons} join ${productVersions} on ${productVersions.id} = ${coupons.productVersionId}`
          : sql`${coupons}`;
      const offset = (query.page - 1) * query.page_size;
      // Byte order (the operator class of coupons_code_prefix_idx), so the index gives the order whatever the database's collation.
      const byCode = (code: SQL) => sql`${code} using ~<~`;
      // Raw SQL (decision 114): the admin list's page and capped count, one statement (decision 065).
      const { rows, n } = await pageAndCount<RawRow>(db, {
        page: base()
          .where(filter)
          .orderBy(search ? byCode(sql`${coupons.code}`) : desc(coupons.id))
          .getSQL(),
        matches: sql`select 1 from ${matches} where ${filter ?? sql`true`}`,
        size: query.page_size,
        offset,
        cap,
        // Unfiltered, every coupon matches: the trigger-kept total (migration 0008) says whether there are more than the cap.
        atLeast: filter ? undefined : sql`select ${statCounters.value} from ${statCounters} where ${statCounters.name} = 'coupons'`,
        order: search ? byCode(sql`page.${sql.identifier(coupons.code.name)}`) : sql`page.${sql.identifier(coupons.id.name)} desc`,
      });
      return { items: rows.map((r) => toItem(fromRaw(r))), total: Math.min(n, cap), total_capped: n > cap };
    },

    /**
     * Every matching coupon, newest first, a bounded chunk at a time (keyset on id): the export of a
     * million codes holds one chunk in memory, never the whole list.
     */
    async *stream(query: Omit<CouponListQuery, "page" | "page_size">, chunk = 2000): AsyncGenerator<CouponItem[]> {
      const filter = where(query);
      let before: number | null = null;
      for (;;) {
        const rows: Row[] = await base()
          .where(before === null ? filter : and(filter, lt(coupons.id, before)))
          .orderBy(desc(coupons.id))
          .limit(chunk);
        if (rows.length === 0) return;
        yield rows.map(toItem);
        if (rows.length < chunk) return;
        before = rows[rows.length - 1].id;
      }
    },

    /**
     * Voids an unused code: one conditional statement, so a void racing a payment cannot both win.
     * Used (or held by a pending order) -> 409; already void -> the same 200; unknown -> 404.
     */
    async void(code: string, actor: Actor): Promise<CouponItem> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(coupons)
          .set({ voidedAt: sql`now()` })
          .where(and(eq(coupons.code, code), isNull(coupons.usedAt), isNull(coupons.voidedAt), isNull(coupons.reservedOrderId)))
          .returning({ id: coupons.id });
        const [row] = await tx
          .select(columns)
          .from(coupons)
          .innerJoin(productVersions, eq(productVersions.id, coupons.productVersionId))
          .where(eq(coupons.code, code));
        if (!row) throw new NotFoundError("There is no such coupon.");
        if (changed.length === 0) {
          if (row.usedAt) throw new ConflictError(`Coupon ${code} was used on ${formatDate(row.usedAt)}; it cannot be voided.`);
          if (!row.voidedAt) throw new ConflictError(`Coupon ${code} is held by an order awaiting payment; try again in a while.`);
          return toItem(row);
        }
        await audit.record(
          {
            ...actor,
            action: "coupon.void",
            entity: "coupon",
            entityId: row.id,
            detail: { code, before: { status: "unused" }, after: { status: "void" } },
          },
          tx,
        );
        return toItem(row);
      });
    },
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
