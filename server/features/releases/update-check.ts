import { compareVersions } from "../../../contract/versions";
import type { UpdateAvailable, UpdateCheckQuery } from "../../../contract/artifacts";
import type { Db } from "../../platform/db/client";
import type { Downloads } from "./downloads";
import { type OfferedArtifact, offeredFor } from "./offered-artifacts";
import type { LicenceForDownload } from "./offered-artifacts";

/**
 * The desktop tools' update call: the newest published release newer than `version` with a build for
 * this platform and architecture, or null (204). Paid builds need a licence of the product (refused
 * 403 when it is another product's or revoked); past its term only releases from before it ended count.
 */
export function createUpdateCheck({ db, downloads }: { db: Db; downloads: Downloads }) {
  return {
    async check(query: UpdateCheckQuery, licenceKey: string | undefined, clientIp: string): Promise<UpdateAvailable | null> {
      await downloads.throttle(clientIp);
      const newer = (await offeredFor(db, query.product_id, query.platform, query.arch))
        .filter((a) => compareVersions(a.release_version, query.version) > 0)
        .sort((a, b) => compareVersions(b.release_version, a.release_version));
      if (!newer.length) return null;
      const licence: LicenceForDownload | null =
        licenceKey || !newer.every((a) => a.free) ? await downloads.licenceOf(licenceKey, query.product_id) : null;
      const best = newer.find((a) => a.free || (licence !== null && downloads.covers(licence, a)));
      if (!best) return null;
      return answer(best, (await downloads.link(best.id, best.free ? 0 : (licence as LicenceForDownload).id)).url);
    },
  };
}

const answer = (a: OfferedArtifact, url: string): UpdateAvailable => ({
  version: a.release_version,
  published_at: new Date(a.published_ms).toISOString(),
  notes: a.notes,
  artifact: { filename: a.filename, size: a.size, sha256: a.sha256, url },
});
