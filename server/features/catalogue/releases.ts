import { and, eq, inArray, sql } from "drizzle-orm";
import type { PublicRelease } from "../../../contract/releases";
import { patchReleases, products, productVersions } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import type { ServiceDeps } from "../../platform/service-deps";

const PUBLIC = ["published", "yanked"];
const publicStatus = (s: string) => (s === "yanked" ? "yanked" : "published");
const versionDesc = sql`string_to_array(${productVersions.version}, '.')::int[] desc`;
const patchDesc = sql`string_to_array(${patchReleases.patchVersion}, '.')::int[] desc`;

export type ProductReleases = { product: { id: string; name: string }; releases: PublicRelease[] };

/** The public release notes: published and yanked versions with their public patches; drafts never. */
export function createReleases({ db }: ServiceDeps) {
  return {
    /**
     * A product's releases, newest first; 404 for a product the catalogue does not know, and for one
     * whose versions are all drafts: its name and its existence are the admin's until one is published.
     */
    async ofProduct(productId: string): Promise<ProductReleases> {
      const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
      if (!product) throw new NotFoundError("There is no such product.");
      const versions = await db
        .select()
        .from(productVersions)
        .where(and(eq(productVersions.productId, productId), inArray(productVersions.status, PUBLIC)))
        .orderBy(versionDesc)
        .limit(500);
      if (!versions.length) throw new NotFoundError("There is no such product.");
      const ids = versions.map((v) => v.id);
      const patches = ids.length
        ? await db
            .select()
            .from(patchReleases)
            .where(and(inArray(patchReleases.productVersionId, ids), inArray(patchReleases.status, PUBLIC)))
            .orderBy(patchDesc)
        : [];
      const releases = versions.map((v): PublicRelease => ({
        version: v.version,
        status: publicStatus(v.status),
        published_at: v.publishedAt?.toISOString() ?? null,
        yank_reason: v.status === "yanked" ? v.yankReason : null,
        features: v.features,
        requirements: { os: v.os, ram: v.ram, gpu: v.gpu, processor: v.processor, storage: v.storage, network: v.network },
        external: v.external,
        python: v.python,
        patches: patches
          .filter((p) => p.productVersionId === v.id)
          .map((p) => ({
            version: p.patchVersion,
            published_at: p.publishedAt?.toISOString() ?? null,
            features: p.features,
            status: publicStatus(p.status),
            yank_reason: p.status === "yanked" ? p.yankReason : null,
          })),
        // Build files arrive with the artifacts table; until then a release lists none.
        artifacts: [],
      }));
      return { product, releases };
    },

    /** Products with at least one public release, for the sitemap. */
    async productIds(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: productVersions.productId })
        .from(productVersions)
        .where(inArray(productVersions.status, PUBLIC))
        .orderBy(productVersions.productId);
      return rows.map((r) => r.id);
    },
  };
}

export type Releases = ReturnType<typeof createReleases>;
