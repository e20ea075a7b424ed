import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { artifacts, licences, orders, patchReleases, productVersions } from "../../platform/db/schema";

/** A build of a published release, with what the download rules need. */
export type OfferedArtifact = {
  id: number;
  product_id: string;
  /** The version the build belongs to (a patch's build: the patched version). */
  version: string;
  /** The release's version: the patch's when the build belongs to a patch. */
  release_version: string;
  free: boolean;
  published_ms: number;
  notes: string[];
  platform: string;
  arch: string;
  filename: string;
  size: number;
  sha256: string;
  storage_name: string | null;
  url: string | null;
  /** The `.minisig` text; null for an unsigned build. */
  minisig: string | null;
};

const a = alias(artifacts, "a");
const pv = alias(productVersions, "pv");
const pr = alias(patchReleases, "pr");

const publishedMs = sql<number>`floor(extract(epoch from case when ${pr.id} is null then coalesce(${pv.publishedAt}, ${pv.createdAt})
    else coalesce(${pr.publishedAt}, ${pr.createdAt}) end) * 1000)::float8`.mapWith(Number);

/**
 * Offered means the version is published and so is the patch it belongs to, if any: a draft or a
 * yanked release (or a patch of a yanked version) is never downloaded nor offered as an update. A
 * release from before release status has no published_at and counts from its creation.
 */
function offered(db: Db, where: SQL | undefined, ...order: SQL[]): Promise<OfferedArtifact[]> {
  return db
    .select({
      id: a.id,
      product_id: pv.productId,
      version: pv.version,
      release_version: sql<string>`coalesce(${pr.patchVersion}, ${pv.version})`,
      free: sql<boolean>`${pv.amountMinor} = 0`,
      published_ms: publishedMs,
      notes: sql<string[]>`coalesce(${pr.features}, ${pv.features})`,
      platform: a.platform,
      arch: a.arch,
      filename: a.filename,
      size: a.size,
      sha256: a.sha256,
      storage_name: a.storageName,
      url: a.url,
      minisig: a.minisig,
    })
    .from(a)
    .innerJoin(pv, eq(pv.id, a.productVersionId))
    .leftJoin(pr, eq(pr.id, a.patchReleaseId))
    .where(and(eq(pv.status, "published"), or(isNull(pr.id), eq(pr.status, "published")), where))
    .orderBy(...order);
}

export const offeredArtifact = async (db: Db, id: number) => (await offered(db, eq(a.id, id)))[0];

export const offeredFor = (db: Db, productId: string, platform: string, arch: string) =>
  offered(db, and(eq(pv.productId, productId), eq(a.platform, platform), eq(a.arch, arch)));

/** The builds of one release (a version's own, or a patch's), for its SHA256SUMS. */
export const offeredOfRelease = (db: Db, productId: string, version: string) =>
  offered(
    db,
    and(eq(pv.productId, productId), or(and(isNull(pr.id), eq(pv.version, version)), eq(pr.patchVersion, version))),
    asc(a.filename),
  );

/** Every published build of these products, newest release first (the product page and the account list them). */
export const offeredOfProducts = async (db: Db, productIds: string[]) =>
  productIds.length ? offered(db, inArray(pv.productId, productIds), desc(publishedMs), desc(a.id)) : [];

/** Whether the product has any build at all, published or not (the configured links stand in only when not). */
export async function productHasArtifacts(db: Db, productId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(a)
    .innerJoin(pv, eq(pv.id, a.productVersionId))
    .where(eq(pv.productId, productId))
    .limit(1);
  return rows.length > 0;
}

export type LicenceForDownload = { id: number; product_id: string; revoked: boolean; expires_ms: number };

async function licenceWhere(db: Db, where: SQL): Promise<LicenceForDownload | undefined> {
  const [row] = await db
    .select({
      id: licences.id,
      product_id: productVersions.productId,
      revoked: sql<boolean>`${licences.revokedAt} is not null`,
      expires_ms: sql<number>`floor(extract(epoch from ${licences.expiresAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(licences)
    .innerJoin(orders, eq(orders.id, licences.orderId))
    .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
    .where(where);
  return row;
}

export const licenceByHash = (db: Db, hash: string) => licenceWhere(db, eq(licences.keyHash, hash));
export const licenceById = (db: Db, id: number) => licenceWhere(db, eq(licences.id, id));

export async function licenceRevoked(db: Db, licenceId: number): Promise<boolean> {
  const [row] = await db
    .select({ revoked: sql<boolean>`${licences.revokedAt} is not null` })
    .from(licences)
    .where(eq(licences.id, licenceId));
  return row?.revoked ?? true;
}

/** One more download of this build (the DELETE of a downloaded build is refused after this). */
export async function countDownload(db: Db, artifactId: number): Promise<void> {
  await db
    .update(artifacts)
    .set({ downloadCount: sql`${artifacts.downloadCount} + 1` })
    .where(eq(artifacts.id, artifactId));
}
