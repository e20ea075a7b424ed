import { mkdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  type Artifact,
  type ArtifactCreated,
  type ArtifactExternal,
  type ArtifactTarget,
  ArtifactUploadFieldsSchema,
} from "../../../contract/artifacts";
import type { Audit } from "../audit";
import { artifacts, patchReleases, productVersions } from "../../platform/db/schema";
import { isUniqueViolation } from "../../platform/db/db-errors";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import type { PageChanges } from "../../platform/page-topics";
import type { Actor } from "../../platform/actor";
import type { ServiceDeps } from "../../platform/service-deps";
import { parseWith } from "../../platform/validate-input";
import { artifactsDir, safeFilename } from "./artifact-files";
import { receiveUpload } from "./artifact-upload";
import type { ReleaseSigning } from "./release-signing";

const a = alias(artifacts, "a");
const pv = alias(productVersions, "pv");
const pr = alias(patchReleases, "pr");

/** An artifact as the admin's list shows it. */
const ARTIFACT_FIELDS = {
  id: a.id,
  product_id: pv.productId,
  version: pv.version,
  patch_version: pr.patchVersion,
  platform: sql<Artifact["platform"]>`${a.platform}`,
  arch: sql<Artifact["arch"]>`${a.arch}`,
  filename: a.filename,
  size: a.size,
  sha256: a.sha256,
  external: sql<boolean>`${a.url} is not null`,
  signed: sql<boolean>`${a.minisig} is not null`,
  downloads: a.downloadCount,
  created_at: a.createdAt,
};

/** The admin's builds: uploaded into ARTIFACTS_DIR or registered by URL, listed with their download counts. */
export function createArtifacts({
  db,
  config,
  audit,
  pages,
  releaseSigning,
}: ServiceDeps & { audit: Audit; pages: PageChanges; releaseSigning: ReleaseSigning }) {
  const dir = artifactsDir(config);

  async function resolveTarget(target: ArtifactTarget): Promise<{ versionId: number; patchId: number | null }> {
    const [row] = await db
      .select({ versionId: pv.id, patchId: pr.id })
      .from(pv)
      .leftJoin(pr, and(eq(pr.productVersionId, pv.id), eq(pr.patchVersion, sql`${target.patch_version ?? null}`)))
      .where(and(eq(pv.productId, target.product_id), eq(pv.version, target.version)));
    if (!row) throw new NotFoundError(`There is no version ${target.version} of ${target.product_id}.`);
    if (target.patch_version && row.patchId == null) {
      throw new NotFoundError(`There is no patch ${target.patch_version} of ${target.product_id} ${target.version}.`);
    }
    return row;
  }

  const duplicate = (t: ArtifactTarget) =>
    new ConflictError(
      `There is already a ${t.platform} ${t.arch} build of ${t.product_id} ${t.patch_version ?? t.version}; delete it first.`,
    );

  async function insert(
    target: ArtifactTarget,
    file: { filename: string; size: number; sha256: string; storageName: string | null; url: string | null; minisig: string | null },
    actor: Actor,
  ): Promise<ArtifactCreated> {
    const { versionId, patchId } = await resolveTarget(target);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(artifacts)
          .values({ productVersionId: versionId, patchReleaseId: patchId, platform: target.platform, arch: target.arch, ...file })
          .returning({ id: artifacts.id });
        await pages.changed(tx, "catalogue");
        const detail = { product_id: target.product_id, version: target.patch_version ?? target.version, platform: target.platform };
        await audit.record({ ...actor, action: "artifact.create", entity: "artifact", entityId: row.id, detail }, tx);
        const { filename, size, sha256 } = file;
        return { id: row.id, filename, size, sha256, platform: target.platform, arch: target.arch, signed: file.minisig !== null };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(target);
      throw err;
    }
  }

  return {
    dir,

    /**
     * Streams the upload to a partial file and signs it (or checks the signature it came with) from
     * the digest taken on the way; the row is stored first, then the file renamed into place.
     */
    async upload(body: WebReadableStream<Uint8Array> | null, contentType: string, actor: Actor): Promise<ArtifactCreated> {
      await mkdir(dir, { recursive: true });
      const received = await receiveUpload(body, contentType, dir, config.ARTIFACT_MAX_BYTES, (before) =>
        releaseSigning.beforeFile(before.signature),
      );
      try {
        const fields = parseWith(ArtifactUploadFieldsSchema, received.fields);
        if (fields.sha256 && fields.sha256 !== received.sha256) {
          throw new InvalidInputError("The file received does not match the SHA-256 given.", { sha256: "Does not match the file." });
        }
        const file = { filename: safeFilename(received.originalName), size: received.size, sha256: received.sha256 };
        const facts = { filename: file.filename, productId: fields.product_id, version: fields.patch_version ?? fields.version };
        const minisig = await received.onFileResult(received.blake2b512, facts);
        const created = await insert(fields, { ...file, storageName: received.storageName, url: null, minisig }, actor);
        // A crash between the insert and the rename leaves a row whose file is missing: /dl answers 404
        // for it rather than a half file, and the admin deletes and uploads again.
        await rename(received.partialPath, join(dir, received.storageName));
        return created;
      } catch (err) {
        await unlink(received.partialPath).catch(() => undefined);
        throw err;
      }
    },

    /** An external URL: its `.minisig`, when given, is checked against the release keys (the file itself is not fetched). */
    async register(input: ArtifactExternal, actor: Actor): Promise<ArtifactCreated> {
      const minisig = await releaseSigning.external(input.signature);
      const file = { filename: safeFilename(input.filename), size: input.size, sha256: input.sha256, storageName: null, url: input.url };
      return insert(input, { ...file, minisig }, actor);
    },

    async list(productId: string): Promise<Artifact[]> {
      const rows = await db
        .select(ARTIFACT_FIELDS)
        .from(a)
        .innerJoin(pv, eq(pv.id, a.productVersionId))
        .leftJoin(pr, eq(pr.id, a.patchReleaseId))
        .where(eq(pv.productId, productId))
        .orderBy(desc(pv.id), sql`${pr.id} desc nulls last`, asc(a.platform), asc(a.arch));
      return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    },

    /** Deletes a build no one downloaded (one conditional DELETE: a download counted first wins). */
    async remove(id: number, actor: Actor): Promise<void> {
      const gone = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(artifacts)
          .where(and(eq(artifacts.id, id), eq(artifacts.downloadCount, 0)))
          .returning({ storageName: artifacts.storageName });
        if (rows[0]) {
          await pages.changed(tx, "catalogue");
          await audit.record({ ...actor, action: "artifact.delete", entity: "artifact", entityId: id }, tx);
        }
        return rows[0];
      });
      if (!gone) {
        const exists = await db.select({ id: artifacts.id }).from(artifacts).where(eq(artifacts.id, id));
        if (!exists.length) throw new NotFoundError("There is no such build.");
        throw new ConflictError("This build has been downloaded; it stays so its downloads remain accounted for.");
      }
      if (gone.storageName) await unlink(join(dir, gone.storageName)).catch(() => undefined);
    },
  };
}

export type Artifacts = ReturnType<typeof createArtifacts>;
