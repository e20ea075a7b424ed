import { join } from "node:path";
import { compareVersions } from "../../../contract/versions";
import type { Build, DownloadLink, DownloadRequest, OfferedBuilds } from "../../../contract/artifacts";
import { canonicalLicenceKey, licenceKeyHash } from "../licences";
import { ForbiddenError, GoneError, NotFoundError, UnauthenticatedError } from "../../platform/errors";
import { type RateLimiter, throttlePerMinute } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { artifactsDir } from "./artifact-files";
import { DOWNLOAD_LINK_SECONDS, downloadKey, signDownload, verifyDownload } from "./download-tokens";
import {
  type LicenceForDownload,
  type OfferedArtifact,
  countDownload,
  licenceById,
  licenceByHash,
  licenceRevoked,
  offeredArtifact,
  offeredOfProducts,
  offeredOfRelease,
  productHasArtifacts,
} from "./offered-artifacts";

export type DownloadDeps = ServiceDeps & { licenceSecret: () => Promise<string>; licenceRateLimiter: RateLimiter };

/** What /dl/:token sends: a file under ARTIFACTS_DIR or a redirect to the external URL. */
export type DownloadSource = { kind: "file"; path: string; filename: string; size: number; sha256: string } | { kind: "url"; url: string };

export type { Build };

const NO_LICENCE = "This licence does not allow this download.";

/** Per platform and architecture, the build of the newest release among these. */
function newestPerTarget(offered: OfferedArtifact[]): OfferedArtifact[] {
  const seen = new Set<string>();
  return [...offered]
    .sort((a, b) => compareVersions(b.release_version, a.release_version) || b.published_ms - a.published_ms)
    .filter((a) => !seen.has(`${a.platform}/${a.arch}`) && seen.add(`${a.platform}/${a.arch}`));
}

const listUnder = (
  offered: OfferedArtifact[],
  any: boolean,
  licence?: Pick<LicenceForDownload, "revoked" | "expires_ms">,
): OfferedBuilds => {
  const reachable = licence ? offered.filter((a) => !licence.revoked && (a.free || a.published_ms < licence.expires_ms)) : offered;
  const newest = newestPerTarget(reachable);
  return { free: newest.length > 0 && newest.every((a) => a.free), builds: newest.map(asBuild), fallback: !any };
};

const asBuild = (a: OfferedArtifact): Build => ({
  id: a.id,
  release_version: a.release_version,
  platform: a.platform,
  arch: a.arch,
  filename: a.filename,
  size: a.size,
  sha256: a.sha256,
  signed: a.minisig !== null,
});

/** Signed, short-lived download links for builds, and the rules of who may have one. */
export function createDownloads(deps: DownloadDeps) {
  const { db, config, now } = deps;
  const dir = artifactsDir(config);
  const key = async () => downloadKey(await deps.licenceSecret());

  /** The licence of a typed key: unknown, another product's or revoked is refused (403). */
  async function licenceOf(typed: string | undefined, productId: string): Promise<LicenceForDownload> {
    if (!typed) throw new UnauthenticatedError("This build needs a licence key for its product.");
    const canonical = canonicalLicenceKey(typed);
    const licence = canonical ? await licenceByHash(db, licenceKeyHash(await deps.licenceSecret(), canonical)) : undefined;
    if (!licence || licence.product_id !== productId || licence.revoked) throw new ForbiddenError(NO_LICENCE);
    return licence;
  }

  /** A licence past its term still reaches what was published before the term ended. */
  const covers = (licence: LicenceForDownload, artifact: OfferedArtifact) => artifact.published_ms < licence.expires_ms;

  async function link(artifactId: number, licenceId: number): Promise<DownloadLink> {
    const expiresSec = Math.floor(now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
    const token = signDownload(await key(), { artifactId, licenceId, expiresSec });
    return { url: `/dl/${token}`, expires_at: new Date(expiresSec * 1000).toISOString() };
  }

  /** A link for a paid build under this licence, or a refusal by the rules above. */
  async function licensed(licence: LicenceForDownload | undefined, artifact: OfferedArtifact): Promise<DownloadLink> {
    if (!licence || licence.product_id !== artifact.product_id || licence.revoked) throw new ForbiddenError(NO_LICENCE);
    if (!covers(licence, artifact)) throw new ForbiddenError("This build was published after the licence's term ended.");
    return link(artifact.id, licence.id);
  }

  async function offeredOr404(artifactId: number): Promise<OfferedArtifact> {
    const artifact = await offeredArtifact(db, artifactId);
    if (!artifact) throw new NotFoundError("There is no such build.");
    return artifact;
  }

  return {
    throttle: (clientIp: string) => throttlePerMinute(deps.licenceRateLimiter, `licence:${clientIp}`, config.LICENCE_RATE_LIMIT),
    licenceOf,
    covers,
    link,

    /** POST /api/downloads: a link for a free build, or for a paid one with a licence of its product. */
    async issue(input: DownloadRequest, clientIp: string): Promise<DownloadLink> {
      await this.throttle(clientIp);
      const artifact = await offeredOr404(input.artifact_id);
      if (artifact.free) return link(artifact.id, 0);
      return licensed(await licenceOf(input.key, artifact.product_id), artifact);
    },

    /**
     * The account's Download button: the same rules for a licence the caller has already shown to be
     * the customer's own (a free build still needs no licence).
     */
    async issueForLicence(licenceId: number, artifactId: number, clientIp: string): Promise<DownloadLink> {
      await this.throttle(clientIp);
      const artifact = await offeredOr404(artifactId);
      if (artifact.free) return link(artifact.id, 0);
      return licensed(await licenceById(db, licenceId), artifact);
    },

    /**
     * The one download list of a product, drawn by the product page, the receipt and the account:
     * per platform and architecture the build of its newest published release. With a licence,
     * only what that licence reaches (a revoked one: nothing; past its term: what was published
     * before it ended), so a current licence sees exactly the product page's list.
     */
    async offeredBuilds(productId: string, licence?: Pick<LicenceForDownload, "revoked" | "expires_ms">): Promise<OfferedBuilds> {
      const [offered, any] = await Promise.all([offeredOfProducts(db, [productId]), productHasArtifacts(db, productId)]);
      return listUnder(offered, any, licence);
    },

    /** Per licence, its product's download list under that licence (as `offeredBuilds`), one read per product. */
    async buildsForLicences(
      held: Pick<LicenceForDownload, "id" | "product_id" | "revoked" | "expires_ms">[],
    ): Promise<Map<number, Build[]>> {
      const offered = await offeredOfProducts(db, [...new Set(held.map((l) => l.product_id))]);
      return new Map(
        held
          .filter((l) => !l.revoked)
          .map((l) => [
            l.id,
            listUnder(
              offered.filter((a) => a.product_id === l.product_id),
              true,
              l,
            ).builds,
          ]),
      );
    },

    /** A product page's download list: anyone sees it; `free` says whether anyone may download. */
    productBuilds(productId: string): Promise<OfferedBuilds> {
      return this.offeredBuilds(productId);
    },

    /** The build a token names: tampered 403, expired 410, withdrawn or revoked since it was issued 404/403. */
    async open(token: string): Promise<DownloadSource & { artifactId: number }> {
      const claim = verifyDownload(await key(), token);
      if (!claim) throw new ForbiddenError("This download link is not valid.");
      if (claim.expiresSec * 1000 <= now().getTime()) throw new GoneError("This download link has expired; ask for a new one.");
      const artifact = await offeredArtifact(db, claim.artifactId);
      if (!artifact) throw new NotFoundError("This build is no longer offered.");
      if (claim.licenceId === 0 ? !artifact.free : await licenceRevoked(db, claim.licenceId)) throw new ForbiddenError(NO_LICENCE);
      if (artifact.url) return { kind: "url", url: artifact.url, artifactId: artifact.id };
      const path = join(dir, artifact.storage_name as string);
      return { kind: "file", path, filename: artifact.filename, size: artifact.size, sha256: artifact.sha256, artifactId: artifact.id };
    },

    /** Every published build of a product by the version it belongs to (the release notes page lists them). */
    async buildsByVersion(productId: string): Promise<Map<string, Build[]>> {
      const byVersion = new Map<string, Build[]>();
      for (const a of await offeredOfProducts(db, [productId])) byVersion.set(a.version, [...(byVersion.get(a.version) ?? []), asBuild(a)]);
      return byVersion;
    },

    /** A published build's `.minisig` text, by its release and file name; null when there is none or it is unsigned. */
    async minisigOf(productId: string, version: string, filename: string): Promise<string | null> {
      const rows = await offeredOfRelease(db, productId, version);
      return rows.find((r) => r.filename === filename)?.minisig ?? null;
    },

    /** The release's published builds in `sha256sum` format ("<hex>  <name>" lines); null when there are none. */
    async checksums(productId: string, version: string): Promise<string | null> {
      const rows = await offeredOfRelease(db, productId, version);
      return rows.length ? rows.map((r) => `${r.sha256}  ${r.filename}\n`).join("") : null;
    },

    count: (artifactId: number) => countDownload(db, artifactId),
  };
}

export type Downloads = ReturnType<typeof createDownloads>;
