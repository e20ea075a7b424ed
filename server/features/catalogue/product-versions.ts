import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { VersionDetail, VersionList, VersionListQuery, VersionSummary, VersionUpdate } from "../../../contract/admin-versions";
import { coupons, orders, patchReleases, products, productVersions } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { PageChanges } from "../../platform/page-topics";
import type { ServiceDeps } from "../../platform/service-deps";
import { ConflictError, NotFoundError } from "../../platform/errors";
import type { Actor } from "../../platform/actor";
import { fromMinor, toMinor } from "../../../contract/money";
import { releaseState, statusWrite } from "./release-status";

const versionOrder = sql`string_to_array(${productVersions.version}, '.')::int[]`;
const summaryColumns = {
  id: productVersions.id,
  productId: products.id,
  productName: products.name,
  version: productVersions.version,
  amountMinor: productVersions.amountMinor,
  forSale: productVersions.forSale,
  licenceTermMonths: productVersions.licenceTermMonths,
  machineLimit: productVersions.machineLimit,
  archivedAt: productVersions.archivedAt,
  createdAt: productVersions.createdAt,
  status: productVersions.status,
  publishedAt: productVersions.publishedAt,
  yankReason: productVersions.yankReason,
};
type SummaryRow = {
  id: number;
  productId: string;
  productName: string;
  version: string;
  amountMinor: number;
  forSale: boolean;
  licenceTermMonths: number;
  machineLimit: number;
  archivedAt: Date | null;
  createdAt: Date;
  status: string;
  publishedAt: Date | null;
  yankReason: string | null;
};

const toSummary = (r: SummaryRow): VersionSummary => ({
  id: r.id,
  product_id: r.productId,
  product_name: r.productName,
  version: r.version,
  amount: fromMinor(r.amountMinor),
  currency: "INR",
  for_sale: r.forSale,
  licence_term_months: r.licenceTermMonths,
  machine_limit: r.machineLimit,
  archived: r.archivedAt !== null,
  created_at: r.createdAt.toISOString(),
  ...releaseState(r),
});

/** The stored columns a PATCH may change, as the audit log's before/after shows them. */
const EDITABLE = [
  "os",
  "ram",
  "gpu",
  "processor",
  "storage",
  "network",
  "amount",
  "features",
  "external",
  "python",
  "for_sale",
  "licence_term_months",
  "machine_limit",
  "archived",
  "status",
  "yank_reason",
] as const;

/** The admin's management of product versions: read, edit, archive, delete. */
export function createProductVersions({ db, audit, now, pages }: ServiceDeps & { audit: Audit; pages: PageChanges }) {
  async function detail(id: number): Promise<VersionDetail> {
    const [row] = await db
      .select({ ...summaryColumns, v: productVersions })
      .from(productVersions)
      .innerJoin(products, eq(products.id, productVersions.productId))
      .where(eq(productVersions.id, id));
    if (!row) throw new NotFoundError("There is no such product version.");
    const [patchRows, [couponCounts], [orderCount]] = await Promise.all([
      db
        .select()
        .from(patchReleases)
        .where(eq(patchReleases.productVersionId, id))
        .orderBy(sql`string_to_array(${patchReleases.patchVersion}, '.')::int[]`),
      db
        .select({
          total: count(),
          used: sql<number>`count(*) filter (where ${coupons.usedAt} is not null)`.mapWith(Number),
          void: sql<number>`count(*) filter (where ${coupons.usedAt} is null and ${coupons.voidedAt} is not null)`.mapWith(Number),
        })
        .from(coupons)
        .where(eq(coupons.productVersionId, id)),
      db.select({ total: count() }).from(orders).where(eq(orders.productVersionId, id)),
    ]);
    const { total, used, void: voided } = couponCounts;
    const v = row.v;
    return {
      ...toSummary(row),
      os: v.os,
      ram: v.ram,
      gpu: v.gpu,
      processor: v.processor,
      storage: v.storage,
      network: v.network,
      features: v.features,
      external: v.external,
      python: v.python,
      archived_at: v.archivedAt ? v.archivedAt.toISOString() : null,
      patches: patchRows.map((p) => ({
        id: p.id,
        patch_version: p.patchVersion,
        features: p.features,
        created_at: p.createdAt.toISOString(),
        ...releaseState(p),
      })),
      coupons: { total, used, void: voided, unused: total - used - voided },
      orders: orderCount.total,
    };
  }

  const pick = (d: VersionDetail, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, (d as Record<string, unknown>)[k]])) as Record<string, unknown>;

  return {
    detail,

    /** The detail, or null for an unknown id (a page's loader answers its own 404). */
    async find(id: number): Promise<VersionDetail | null> {
      try {
        return await detail(id);
      } catch (err) {
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    },

    /** The newest version (numerically) of a product, for "start from the previous version". */
    async latestOf(productId: string): Promise<VersionDetail | null> {
      const [row] = await db
        .select({ id: productVersions.id })
        .from(productVersions)
        .where(eq(productVersions.productId, productId))
        .orderBy(sql`${versionOrder} desc`)
        .limit(1);
      return row ? detail(row.id) : null;
    },

    /** Versions by product, then version (numerically); archived ones only when asked for. */
    async list(query: VersionListQuery): Promise<VersionList> {
      const filters: SQL[] = [];
      if (query.product_id) filters.push(eq(productVersions.productId, query.product_id));
      if (query.archived === "only") filters.push(isNotNull(productVersions.archivedAt));
      else if (query.archived !== "include") filters.push(isNull(productVersions.archivedAt));
      const rows = await db
        .select(summaryColumns)
        .from(productVersions)
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(and(...filters))
        .orderBy(asc(products.id), versionOrder)
        .limit(2000);
      return { items: rows.map(toSummary) };
    },

    /** Changes the given fields; the audit log keeps what each was before and after. */
    async update(id: number, patch: VersionUpdate, actor: Actor): Promise<VersionDetail> {
      const before = await detail(id);
      const set: Partial<typeof productVersions.$inferInsert> = {};
      if (patch.os) set.os = patch.os;
      for (const key of ["ram", "gpu", "processor", "storage", "network", "features", "external", "python"] as const) {
        if (patch[key] !== undefined) Object.assign(set, { [key]: patch[key] });
      }
      if (patch.amount !== undefined) set.amountMinor = toMinor(patch.amount);
      if (patch.for_sale !== undefined) set.forSale = patch.for_sale;
      if (patch.licence_term_months !== undefined) set.licenceTermMonths = patch.licence_term_months;
      if (patch.machine_limit !== undefined) set.machineLimit = patch.machine_limit;
      if (patch.archived !== undefined)
        set.archivedAt = patch.archived ? (before.archived_at ? new Date(before.archived_at) : now()) : null;
      const stored = {
        status: before.status,
        publishedAt: before.published_at ? new Date(before.published_at) : null,
        yankReason: before.yank_reason,
      };
      const release = statusWrite(stored, patch, now());
      Object.assign(set, release.set);
      await db.transaction(async (tx) => {
        // A status change applies only from the status it was checked against: two admins acting at once, one wins.
        const where =
          release.from === null ? eq(productVersions.id, id) : and(eq(productVersions.id, id), eq(productVersions.status, release.from));
        const changed = await tx.update(productVersions).set(set).where(where).returning({ id: productVersions.id });
        if (changed.length !== 1 && release.from !== null)
          throw new ConflictError("The version's status changed meanwhile; reload and try again.");
        if (changed.length !== 1) throw new NotFoundError("There is no such product version.");
        await pages.changed(tx, "catalogue");
        const keys = EDITABLE.filter((k) => patch[k] !== undefined);
        const after = { ...pick(before, keys), ...Object.fromEntries(keys.map((k) => [k, patch[k]])) };
        await audit.record(
          {
            ...actor,
            action:
              patch.archived === true && keys.length === 1
                ? "product_version.archive"
                : patch.status && patch.status !== before.status
                  ? `product_version.${patch.status === "yanked" ? "yank" : "publish"}`
                  : "product_version.update",
            entity: "product_version",
            entityId: id,
            detail: { product_id: before.product_id, version: before.version, before: pick(before, keys), after },
          },
          tx,
        );
      });
      return detail(id);
    },

    /**
     * Deletes a version with its patches and unused coupons, only while no order refers to it (409
     * otherwise: archive it instead). The version row is locked first: an order being created takes
     * a key-share lock on it, so no order can appear between the check and the delete.
     */
    async remove(id: number, actor: Actor): Promise<void> {
      const { patches: _patches, ...before } = await detail(id);
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({
            id: productVersions.id,
            productId: productVersions.productId,
            productName: products.name,
            version: productVersions.version,
          })
          .from(productVersions)
          .innerJoin(products, eq(products.id, productVersions.productId))
          .where(eq(productVersions.id, id))
          .for("update", { of: productVersions });
        if (!locked) throw new NotFoundError("There is no such product version.");
        const [{ total }] = await tx.select({ total: count() }).from(orders).where(eq(orders.productVersionId, id));
        if (total > 0) {
          throw new ConflictError(`Orders refer to ${locked.productName} ${locked.version}, so it cannot be deleted; archive it instead.`);
        }
        const removedCoupons = await tx.delete(coupons).where(eq(coupons.productVersionId, id)).returning({ id: coupons.id });
        const removedPatches = await tx
          .delete(patchReleases)
          .where(eq(patchReleases.productVersionId, id))
          .returning({ id: patchReleases.id });
        await tx.delete(productVersions).where(eq(productVersions.id, id));
        await pages.changed(tx, "catalogue");
        await audit.record(
          {
            ...actor,
            action: "product_version.delete",
            entity: "product_version",
            entityId: id,
            detail: {
              product_id: locked.productId,
              version: locked.version,
              before,
              coupons_deleted: removedCoupons.length,
              patches_deleted: removedPatches.length,
            },
          },
          tx,
        );
      });
    },
  };
}

export type ProductVersions = ReturnType<typeof createProductVersions>;
