import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { artifacts, licences, orders, patchReleases, productVersions } from "../../platform/db/schema";
import { queryRows } from "../../platform/db/query-rows";

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

type Raw = Omit<OfferedArtifact, "id" | "size" | "published_ms"> & { id: string; size: string; published_ms: string };

/**
 * Offered means the version is published and so is the patch it belongs to, if any: a draft or a
 * yanked release (or a patch of a yanked version) is never downloaded nor offered as an update. A
 * release from before release status has no published_at and counts from its creation.
 */
const OFFERED = sql`select a.id, pv.product_id, pv.version, coalesce(pr.patch_version, pv.version) as release_version,
    pv.amount_minor = 0 as free,
    floor(extract(epoch from case when pr.id is null then coalesce(pv.published_at, pv.created_at)
      else coalesce(pr.published_at, pr.created_at) end) * 1000)::float8 as published_ms,
    coalesce(pr.features, pv.features) as notes,
    a.platform, a.arch, a.filename, a.size, a.sha256, a.storage_name, a.url, a.minisig
  from ${artifacts} a join ${productVersions} pv on pv.id = a.product_version_id
    left join ${patchReleases} pr on pr.id = a.patch_release_id
  where pv.status = 'published' and (pr.id is null or pr.status = 'published')`;

async function offered(db: Pick<Db, "execute">, where: SQL): Promise<OfferedArtifact[]> {
  const rows = await queryRows<Raw>(db, sql`${OFFERED} and ${where}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), size: Number(r.size), published_ms: Number(r.published_ms) }));
}

export const offeredArtifact = async (db: Pick<Db, "execute">, id: number) => (await offered(db, sql`a.id = ${id}`))[0];

export const offeredFor = (db: Pick<Db, "execute">, productId: string, platform: string, arch: string) =>
  offered(db, sql`pv.product_id = ${productId} and a.platform = ${platform} and a.arch = ${arch}`);

/** The builds of one release (a version's own, or a patch's), for its SHA256SUMS. */
export const offeredOfRelease = (db: Pick<Db, "execute">, productId: string, version: string) =>
  offered(
    db,
    sql`pv.product_id = ${productId} and ((pr.id is null and pv.version = ${version}) or pr.patch_version = ${version})
      order by a.filename`,
  );

/** Every published build of these products, newest release first (the product page and the account list them). */
export const offeredOfProducts = (db: Pick<Db, "execute">, productIds: string[]) =>
  productIds.length
    ? offered(
        db,
        sql`pv.product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by published_ms desc, a.id desc`,
      )
    : Promise.resolve([]);

/** Whether the product has any build at all, published or not (the configured links stand in only when not). */
export async function productHasArtifacts(db: Pick<Db, "execute">, productId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${artifacts} a join ${productVersions} pv on pv.id = a.product_version_id
      where pv.product_id = ${productId} limit 1`,
  );
  return rows.length > 0;
}

export type LicenceForDownload = { id: number; product_id: string; revoked: boolean; expires_ms: number };

async function licenceWhere(db: Pick<Db, "execute">, where: SQL): Promise<LicenceForDownload | undefined> {
  const rows = await queryRows<{ id: string; product_id: string; revoked: boolean; expires_ms: string }>(
    db,
    sql`select l.id, pv.product_id, l.revoked_at is not null as revoked, floor(extract(epoch from l.expires_at) * 1000)::float8 as expires_ms
      from ${licences} l join ${orders} o on o.id = l.order_id join ${productVersions} pv on pv.id = o.product_version_id
      where ${where}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), expires_ms: Number(r.expires_ms) }))[0];
}

export const licenceByHash = (db: Pick<Db, "execute">, hash: string) => licenceWhere(db, sql`l.key_hash = ${hash}`);
export const licenceById = (db: Pick<Db, "execute">, id: number) => licenceWhere(db, sql`l.id = ${id}`);

export async function licenceRevoked(db: Pick<Db, "execute">, licenceId: number): Promise<boolean> {
  const rows = await queryRows<{ revoked: boolean }>(
    db,
    sql`select revoked_at is not null as revoked from ${licences} where id = ${licenceId}`,
  );
  return rows[0]?.revoked ?? true;
}

/** One more download of this build (the DELETE of a downloaded build is refused after this). */
export async function countDownload(db: Pick<Db, "execute">, artifactId: number): Promise<void> {
  await db.execute(sql`update ${artifacts} set download_count = download_count + 1 where id = ${artifactId}`);
}
