import { compareVersions } from "../../../contract/versions";
import { and, eq, or, sql } from "drizzle-orm";
import type { UpdateAdvisory } from "../../../contract/advisories";
import type { TauriUpdate, TauriUpdateParams, UpdateAvailable, UpdateCheckQuery } from "../../../contract/artifacts";
import type { Db } from "../../platform/db/client";
import { patchReleases, productVersions } from "../../platform/db/schema";
import type { Downloads } from "./downloads";
import { type OfferedArtifact, offeredFor } from "./offered-artifacts";
import type { LicenceForDownload } from "./offered-artifacts";

// Tauri names the platforms and architectures its own way.
const TAURI_PLATFORMS = { linux: "linux", windows: "windows", darwin: "mac" } as const;
const TAURI_ARCHES = { x86_64: "x86_64", aarch64: "arm64" } as const;

/**
 * The desktop tools' update call: the newest published, signed release newer than `version` with a
 * build for this platform and architecture, or null (204). Paid builds need a licence of the product
 * (refused 403 when it is another product's or revoked); past its term only releases from before it
 * ended count. An unsigned build is never offered: an updater installs only what it can verify.
 * A client running a withdrawn (yanked) release is offered the newest published one even when it is
 * not newer (a way off the withdrawn build), with `current` saying why.
 */
export function createUpdateCheck({
  db,
  downloads,
  advisoriesFor,
}: {
  db: Db;
  downloads: Downloads;
  /** The published advisories affecting a version (server/features/advisories). */
  advisoriesFor: (productId: string, version: string) => Promise<UpdateAdvisory[]>;
}) {
  async function check(query: UpdateCheckQuery, licenceKey: string | undefined, clientIp: string): Promise<UpdateAvailable | null> {
    await downloads.throttle(clientIp);
    const yanked = await yankedRelease(db, query.product_id, query.version);
    const offered = (await offeredFor(db, query.product_id, query.platform, query.arch))
      .filter((a) => a.minisig !== null && (yanked || compareVersions(a.release_version, query.version) > 0))
      .sort((a, b) => compareVersions(b.release_version, a.release_version));
    if (!offered.length) return null;
    const licence: LicenceForDownload | null =
      licenceKey || !offered.every((a) => a.free) ? await downloads.licenceOf(licenceKey, query.product_id) : null;
    const best = offered.find((a) => a.free || (licence !== null && downloads.covers(licence, a)));
    if (!best) return null;
    const url = (await downloads.link(best.id, best.free ? 0 : (licence as LicenceForDownload).id)).url;
    const advisories = await advisoriesFor(query.product_id, query.version);
    return { ...answer(best, url), advisories, ...(yanked && { current: { status: "yanked" as const, reason: yanked.reason } }) };
  }

  return {
    check,

    /** Tauri v2's dynamic update server: the same rules, throttle and signed link, in Tauri's shape. */
    async tauri(params: TauriUpdateParams, licenceKey: string | undefined, clientIp: string): Promise<TauriUpdate | null> {
      const query = {
        product_id: params.productId,
        version: params.currentVersion,
        platform: TAURI_PLATFORMS[params.target],
        arch: TAURI_ARCHES[params.arch],
      };
      const update = await check(query, licenceKey, clientIp);
      if (!update) return null;
      const { version, notes, published_at, artifact, advisories } = update;
      return { version, notes: notes.join("\n"), pub_date: published_at, url: artifact.url, signature: artifact.signature, advisories };
    },
  };
}

/**
 * The release `version` of the product when it is withdrawn: a yanked version, or a patch that is
 * yanked or belongs to a yanked version (then the version's reason). Null when it is not (or unknown).
 */
async function yankedRelease(db: Db, productId: string, version: string): Promise<{ reason: string | null } | null> {
  const yankedVersion = db
    .select({ reason: productVersions.yankReason })
    .from(productVersions)
    .where(and(eq(productVersions.productId, productId), eq(productVersions.version, version), eq(productVersions.status, "yanked")));
  const yankedPatch = db
    .select({
      reason: sql<
        string | null
      >`case when ${patchReleases.status} = 'yanked' then ${patchReleases.yankReason} else ${productVersions.yankReason} end`,
    })
    .from(patchReleases)
    .innerJoin(productVersions, eq(productVersions.id, patchReleases.productVersionId))
    .where(
      and(
        eq(productVersions.productId, productId),
        eq(patchReleases.patchVersion, version),
        or(eq(patchReleases.status, "yanked"), eq(productVersions.status, "yanked")),
      ),
    );
  const [row] = await yankedVersion.unionAll(yankedPatch).limit(1);
  return row ?? null;
}

const answer = (a: OfferedArtifact, url: string): Omit<UpdateAvailable, "advisories"> => ({
  version: a.release_version,
  published_at: new Date(a.published_ms).toISOString(),
  notes: a.notes,
  artifact: { filename: a.filename, size: a.size, sha256: a.sha256, url, signature: Buffer.from(a.minisig ?? "").toString("base64") },
});
