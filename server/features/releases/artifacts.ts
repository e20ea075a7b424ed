import { mkdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
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
import { iso, queryRows } from "../../platform/db/query-rows";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import type { PageChanges } from "../../platform/page-topics";
import type { Actor } from "../../platform/actor";
import type { ServiceDeps } from "../../platform/service-deps";
import { parseWith } from "../../platform/validate-input";
import { artifactsDir, safeFilename } from "./artifact-files";
import { receiveUpload } from "./artifact-upload";
import type { ReleaseSigning } from "./release-signing";

type ArtifactRow = {
  id: number;
  product_id: string;
  version: string;
  patch_version: string | null;
  platform: Artifact["platform"];
  arch: Artifact["arch"];
  filename: string;
  size: string;
  sha256: string;
  external: boolean;
  signed: boolean;
  downloads: string;
  created_at: string;
};

const ARTIFACT_COLUMNS = sql`a.id, pv.product_id, pv.version, pr.patch_version, a.platform, a.arch, a.filename, a.size, a.sha256,
  a.url is not null as external, a.minisig is not null as signed, a.download_count as downloads, a.created_at`;
const FROM_ARTIFACTS = sql`${artifacts} a join ${productVersions} pv on pv.id = a.product_version_id
  left join ${patchReleases} pr on pr.id = a.patch_release_id`;

const toArtifact = (r: ArtifactRow): Artifact => ({
  ...r,
  id: Number(r.id),
  size: Number(r.size),
  downloads: Number(r.downloads),
  created_at: iso(r.created_at) as string,
});

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
    const rows = await queryRows<{ id: number; patch_id: number | null }>(
      db,
      sql`select pv.id, pr.id as patch_id from ${productVersions} pv
        left join ${patchReleases} pr on pr.product_version_id = pv.id and pr.patch_version = ${target.patch_version ?? null}
        where pv.product_id = ${target.product_id} and pv.version = ${target.version}`,
    );
    const row = rows[0];
    if (!row) throw new NotFoundError(`There is no version ${target.version} of ${target.product_id}.`);
    if (target.patch_version && row.patch_id == null) {
      throw new NotFoundError(`There is no patch ${target.patch_version} of ${target.product_id} ${target.version}.`);
    }
    return { versionId: Number(row.id), patchId: row.patch_id == null ? null : Number(row.patch_id) };
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
      const rows = await queryRows<ArtifactRow>(
        db,
        sql`select ${ARTIFACT_COLUMNS} from ${FROM_ARTIFACTS} where pv.product_id = ${productId}
          order by pv.id desc, pr.id desc nulls last, a.platform, a.arch`,
      );
      return rows.map(toArtifact);
    },

    /** Deletes a build no one downloaded (one conditional DELETE: a download counted first wins). */
    async remove(id: number, actor: Actor): Promise<void> {
      const gone = await db.transaction(async (tx) => {
        const rows = await queryRows<{ storage_name: string | null }>(
          tx,
          sql`delete from ${artifacts} where id = ${id} and download_count = 0 returning storage_name`,
        );
        if (rows[0]) {
          await pages.changed(tx, "catalogue");
          await audit.record({ ...actor, action: "artifact.delete", entity: "artifact", entityId: id }, tx);
        }
        return rows[0];
      });
      if (!gone) {
        const exists = await queryRows(db, sql`select 1 from ${artifacts} where id = ${id}`);
        if (!exists.length) throw new NotFoundError("There is no such build.");
        throw new ConflictError("This build has been downloaded; it stays so its downloads remain accounted for.");
      }
      if (gone.storage_name) await unlink(join(dir, gone.storage_name)).catch(() => undefined);
    },
  };
}

export type Artifacts = ReturnType<typeof createArtifacts>;
