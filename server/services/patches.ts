import { desc, eq } from "drizzle-orm";
import type { PatchCreate, PatchRelease } from "../../contract/patches";
import { compareVersions } from "../../contract/versions";
import { patchReleases, products, productVersions } from "../db/schema";
import { ConflictError, InvalidInputError } from "./errors";
import type { Audit } from "./audit";
import { isUniqueViolation } from "./db-errors";
import type { ServiceDeps } from "./deps";
import type { Actor } from "./messages";
import type { Products } from "./products";

export const PATCH_LIST_LIMIT = 500;

/**
 * Why a patch does not fit its base version, or null. A patch of 1.2 keeps the major number, is
 * newer than 1.2 and than every earlier patch of 1.2, and older than the product's next version.
 */
export function patchProblem(base: string, patch: string, earlierPatches: string[], productVersions: string[]): string | null {
  if (patch.split(".")[0] !== base.split(".")[0]) return `A patch of ${base} keeps its major number ${base.split(".")[0]}.`;
  if (compareVersions(patch, base) <= 0) return `The patch must be newer than ${base}.`;
  const latest = [...earlierPatches].sort(compareVersions).at(-1);
  if (latest && compareVersions(patch, latest) <= 0) return `The patch must be newer than the latest patch ${latest}.`;
  const next = productVersions.filter((v) => compareVersions(v, base) > 0).sort(compareVersions)[0];
  if (next && compareVersions(patch, next) >= 0) return `The patch must be older than the next version ${next}.`;
  return null;
}

export function createPatches({ db, now, audit, products: productService }: ServiceDeps & { audit: Audit; products: Products }) {
  return {
    async create(input: PatchCreate, actor: Actor): Promise<{ id: number; product_id: string; version: string }> {
      const base = await productService.findVersion(input.product, input.majorVersion);
      const versions = await productService.versionsOf(base.productId);
      try {
        return await db.transaction(async (tx) => {
          // Each patch is checked against the earlier ones, so patches of one base version take turns on
          // its row: without the lock, 1.0.4 and 1.0.3 sent at once both saw no patch and both were
          // stored, 1.0.3 after 1.0.4 (found by the PostgreSQL race checks).
          await tx.select({ id: productVersions.id }).from(productVersions).where(eq(productVersions.id, base.id)).for("update");
          const existing = await tx
            .select({ patch: patchReleases.patchVersion })
            .from(patchReleases)
            .where(eq(patchReleases.productVersionId, base.id));
          if (existing.some((e) => e.patch === input.patchVersion))
            throw new ConflictError(`Patch ${input.patchVersion} of ${base.productId} ${base.version} already exists.`);
          const problem = patchProblem(
            base.version,
            input.patchVersion,
            existing.map((e) => e.patch),
            versions,
          );
          if (problem) throw new InvalidInputError(problem, { patchVersion: problem });
          const [row] = await tx
            .insert(patchReleases)
            .values({ productVersionId: base.id, patchVersion: input.patchVersion, features: input.features, createdAt: now() })
            .returning({ id: patchReleases.id });
          await audit.record(
            {
              ...actor,
              action: "patch.create",
              entity: "patch_release",
              entityId: row.id,
              detail: { product_id: base.productId, version: base.version, patch: input.patchVersion },
            },
            tx,
          );
          return { id: row.id, product_id: base.productId, version: base.version };
        });
      } catch (err) {
        // Two admins adding the same patch at once: the unique index decides.
        if (isUniqueViolation(err))
          throw new ConflictError(`Patch ${input.patchVersion} of ${base.productId} ${base.version} already exists.`);
        throw err;
      }
    },

    /** Every patch release, newest first (bounded). */
    async list(): Promise<PatchRelease[]> {
      const rows = await db
        .select({
          productId: products.id,
          productName: products.name,
          version: productVersions.version,
          patchVersion: patchReleases.patchVersion,
          features: patchReleases.features,
          createdAt: patchReleases.createdAt,
        })
        .from(patchReleases)
        .innerJoin(productVersions, eq(productVersions.id, patchReleases.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .orderBy(desc(patchReleases.createdAt), desc(patchReleases.id))
        .limit(PATCH_LIST_LIMIT);
      return rows.map((r) => ({
        product_id: r.productId,
        product_name: r.productName,
        version: r.version,
        patchVersion: r.patchVersion,
        features: r.features,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
