import { and, desc, eq, ne } from "drizzle-orm";
import type { AdminPatch, PatchCreate, PatchRelease, PatchUpdate } from "../../../contract/patches";
import { compareVersions } from "../../../contract/versions";
import { patchReleases, products, productVersions } from "../../platform/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import type { Audit } from "../audit";
import { isUniqueViolation } from "../../platform/db/db-errors";
import type { PageChanges } from "../../platform/page-topics";
import type { ServiceDeps } from "../../platform/service-deps";
import type { Actor } from "../../platform/actor";
import type { Products } from "./products";
import { releaseState, statusWrite } from "./release-status";

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

/**
 * Why an edited patch version does not fit, or null. Besides the rules of a new patch it keeps its
 * place among the other patches of its base (newer than the one before it, older than the one after):
 * patches are created in version order, and an edit must not make a later-created patch the older one.
 */
export function patchEditProblem(
  base: string,
  oldPatch: string,
  patch: string,
  otherPatches: string[],
  productVersions: string[],
): string | null {
  const problem = patchProblem(base, patch, [], productVersions);
  if (problem) return problem;
  const sorted = [...otherPatches].sort(compareVersions);
  const before = sorted.filter((p) => compareVersions(p, oldPatch) < 0).at(-1);
  const after = sorted.find((p) => compareVersions(p, oldPatch) > 0);
  if (before && compareVersions(patch, before) <= 0) return `The patch must stay newer than the patch before it, ${before}.`;
  if (after && compareVersions(patch, after) >= 0) return `The patch must stay older than the patch after it, ${after}.`;
  return null;
}

const notFound = () => new NotFoundError("There is no such patch release.");

export function createPatches({
  db,
  now,
  audit,
  products: productService,
  pages,
}: ServiceDeps & { audit: Audit; products: Products; pages: PageChanges }) {
  return {
    async create(input: PatchCreate, actor: Actor): Promise<{ id: number; product_id: string; product_name: string; version: string }> {
      const base = await productService.findVersion(input.product, input.majorVersion);
      const versions = await productService.versionsOf(base.productId);
      // A clash of the Patch Version field: said on that field, where the form moves the focus.
      const duplicate = () => {
        const message = `Patch ${input.patchVersion} of ${base.productName} ${base.version} already exists.`;
        return new ConflictError(message, { patchVersion: message });
      };
      try {
        return await db.transaction(async (tx) => {
          // Each patch is checked against the earlier ones, so patches of one base version take turns on
          // its row: without the lock, 1.0.4 and 1.0.3 sent at once both see no patch and both are
          // stored, 1.0.3 after 1.0.4 (the PostgreSQL race checks send exactly that).
          await tx.select({ id: productVersions.id }).from(productVersions).where(eq(productVersions.id, base.id)).for("update");
          const existing = await tx
            .select({ patch: patchReleases.patchVersion })
            .from(patchReleases)
            .where(eq(patchReleases.productVersionId, base.id));
          if (existing.some((e) => e.patch === input.patchVersion)) throw duplicate();
          const problem = patchProblem(
            base.version,
            input.patchVersion,
            existing.map((e) => e.patch),
            versions,
          );
          if (problem) throw new InvalidInputError(problem, { patchVersion: problem });
          const [row] = await tx
            .insert(patchReleases)
            .values({
              productVersionId: base.id,
              patchVersion: input.patchVersion,
              features: input.features,
              createdAt: now(),
              ...(input.draft ? { status: "draft" } : { status: "published", publishedAt: now() }),
            })
            .returning({ id: patchReleases.id });
          await pages.changed(tx, "catalogue");
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
          return { id: row.id, product_id: base.productId, product_name: base.productName, version: base.version };
        });
      } catch (err) {
        // Two admins adding the same patch at once: the unique index decides.
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },

    /**
     * Changes a patch's own version and/or its features; the audit keeps what they were and became.
     * The base version's row is locked as in create, so an edit and a new patch of one base take turns.
     */
    async update(id: number, changes: PatchUpdate, actor: Actor): Promise<AdminPatch> {
      const [ref] = await db
        .select({ baseId: patchReleases.productVersionId, productId: productVersions.productId, productName: products.name })
        .from(patchReleases)
        .innerJoin(productVersions, eq(productVersions.id, patchReleases.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(eq(patchReleases.id, id));
      if (!ref) throw notFound();
      // Read before the transaction: on PGlite's one connection a read through `db` inside it would wait for it.
      const versions = await productService.versionsOf(ref.productId);
      try {
        return await db.transaction(async (tx) => {
          const [base] = await tx
            .select({ id: productVersions.id, version: productVersions.version })
            .from(productVersions)
            .where(eq(productVersions.id, ref.baseId))
            .for("update");
          const [old] = base ? await tx.select().from(patchReleases).where(eq(patchReleases.id, id)) : [];
          if (!base || !old || old.productVersionId !== base.id) throw notFound();
          const label = (p: string) => `Patch ${p} of ${ref.productName} ${base.version}`;
          if (changes.patch_version !== undefined && changes.patch_version !== old.patchVersion) {
            const others = await tx
              .select({ patch: patchReleases.patchVersion })
              .from(patchReleases)
              .where(and(eq(patchReleases.productVersionId, base.id), ne(patchReleases.id, id)));
            if (others.some((o) => o.patch === changes.patch_version))
              throw new ConflictError(`${label(changes.patch_version)} already exists.`);
            const problem = patchEditProblem(
              base.version,
              old.patchVersion,
              changes.patch_version,
              others.map((o) => o.patch),
              versions,
            );
            if (problem) throw new InvalidInputError(problem, { patch_version: problem });
          }
          const release = statusWrite(old, changes, now());
          // A status change applies only from the status it was checked against.
          const [row] = await tx
            .update(patchReleases)
            .set({ patchVersion: changes.patch_version, features: changes.features, ...release.set })
            .where(release.from === null ? eq(patchReleases.id, id) : and(eq(patchReleases.id, id), eq(patchReleases.status, release.from)))
            .returning();
          if (!row) throw new ConflictError("The patch's status changed meanwhile; reload and try again.");
          await pages.changed(tx, "catalogue");
          const keys = Object.keys(changes) as (keyof PatchUpdate)[];
          const stored = { patch_version: old.patchVersion, features: old.features, status: old.status, yank_reason: old.yankReason };
          await audit.record(
            {
              ...actor,
              action:
                changes.status && changes.status !== old.status
                  ? `patch.${changes.status === "yanked" ? "yank" : "publish"}`
                  : "patch.update",
              entity: "patch_release",
              entityId: id,
              detail: {
                product_id: ref.productId,
                version: base.version,
                before: Object.fromEntries(keys.map((k) => [k, stored[k]])),
                after: Object.fromEntries(keys.map((k) => [k, changes[k]])),
              },
            },
            tx,
          );
          return toAdminPatch(row, ref, base.version);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(`That patch of ${ref.productName} already exists.`);
        throw err;
      }
    },

    /** Deletes one patch release (audited with what it was); 404 for an unknown id. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(patchReleases).where(eq(patchReleases.id, id)).returning();
        if (!row) throw notFound();
        await pages.changed(tx, "catalogue");
        const [base] = await tx
          .select({ productId: productVersions.productId, version: productVersions.version })
          .from(productVersions)
          .where(eq(productVersions.id, row.productVersionId));
        await audit.record(
          {
            ...actor,
            action: "patch.delete",
            entity: "patch_release",
            entityId: id,
            detail: {
              product_id: base?.productId,
              version: base?.version,
              before: { patch_version: row.patchVersion, features: row.features, created_at: row.createdAt.toISOString() },
            },
          },
          tx,
        );
      });
    },

    /** Every patch release, newest first (bounded). */
    async list(): Promise<PatchRelease[]> {
      const rows = await db
        .select({
          id: patchReleases.id,
          versionId: productVersions.id,
          productId: products.id,
          productName: products.name,
          version: productVersions.version,
          patchVersion: patchReleases.patchVersion,
          features: patchReleases.features,
          createdAt: patchReleases.createdAt,
          status: patchReleases.status,
          publishedAt: patchReleases.publishedAt,
          yankReason: patchReleases.yankReason,
        })
        .from(patchReleases)
        .innerJoin(productVersions, eq(productVersions.id, patchReleases.productVersionId))
        .innerJoin(products, eq(products.id, productVersions.productId))
        .orderBy(desc(patchReleases.createdAt), desc(patchReleases.id))
        .limit(PATCH_LIST_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        version_id: r.versionId,
        product_id: r.productId,
        product_name: r.productName,
        version: r.version,
        patchVersion: r.patchVersion,
        features: r.features,
        createdAt: r.createdAt.toISOString(),
        ...releaseState(r),
      }));
    },
  };
}

function toAdminPatch(
  row: {
    id: number;
    patchVersion: string;
    features: string[];
    createdAt: Date;
    status: string;
    publishedAt: Date | null;
    yankReason: string | null;
  },
  product: { productId: string; productName: string },
  version: string,
): AdminPatch {
  return {
    id: row.id,
    product_id: product.productId,
    product_name: product.productName,
    version,
    patch_version: row.patchVersion,
    features: row.features,
    created_at: row.createdAt.toISOString(),
    ...releaseState(row),
  };
}
