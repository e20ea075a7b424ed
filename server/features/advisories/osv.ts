import { OSV_SCHEMA_VERSION, type Osv } from "../../../contract/osv";
import type { Advisory } from "./advisory-view";

// RFC 3339 in UTC to the second: what OSV consumers compare.
const utc = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * An advisory in the OSV format (docs/decisions/110-advisories.md). The ecosystem is the company's own (its
 * products are in no public package registry), the package name the catalogue's product id, which is
 * what the tools send the update check. Credits list only those who agreed to be named.
 */
export function toOsv(advisory: Advisory, { ecosystem, origin }: { ecosystem: string; origin: string }): Osv {
  return {
    schema_version: OSV_SCHEMA_VERSION,
    id: advisory.id,
    modified: utc(advisory.modifiedAt),
    ...(advisory.publishedAt && { published: utc(advisory.publishedAt) }),
    ...(advisory.status === "withdrawn" && advisory.withdrawnAt && { withdrawn: utc(advisory.withdrawnAt) }),
    aliases: advisory.cveId ? [advisory.cveId] : [],
    summary: advisory.summary,
    details: advisory.details,
    severity: [{ type: "CVSS_V3", score: advisory.cvssVector }],
    affected: [
      {
        package: { ecosystem, name: advisory.productId },
        ranges: [
          {
            type: "ECOSYSTEM",
            events: advisory.ranges.flatMap((r) => [{ introduced: r.introduced }, ...(r.fixed ? [{ fixed: r.fixed }] : [])]),
          },
        ],
        database_specific: { product_name: advisory.productName },
      },
    ],
    references: [
      { type: "ADVISORY", url: `${origin}/security/advisories/${advisory.id}` },
      ...(advisory.cveId ? [{ type: "ADVISORY" as const, url: `https://www.cve.org/CVERecord?id=${advisory.cveId}` }] : []),
      ...advisory.ranges
        .filter((r) => r.fixed)
        .map((r) => ({ type: "PACKAGE" as const, url: `${origin}/releases/${advisory.productId}#v${r.fixed}` })),
    ],
    credits: advisory.credits.filter((c) => c.consent).map((c) => ({ name: c.name, type: "FINDER" as const })),
  };
}
