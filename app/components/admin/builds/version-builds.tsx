import { useState } from "react";
import toast from "react-hot-toast";
import type { Artifact } from "../../../../contract/artifacts";
import { api, errorMessage } from "../../../lib/api-client";
import { useConfirm } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";
import { BuildLinkForm } from "./build-link-form";
import { type BuildTarget, BuildUploadForm } from "./build-upload-form";

/** The "Builds" section of a version: its artifacts with their download counts, upload, link and delete. */
export function VersionBuilds({ target, builds, onChanged }: { target: BuildTarget; builds: Artifact[]; onChanged: () => void }) {
  const [confirmDialog, confirm] = useConfirm();
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(b: Artifact) {
    const ok = await confirm({
      title: `Delete ${b.filename}?`,
      text: `The ${b.platform} ${b.arch} build of ${b.patch_version ?? b.version} is deleted${b.external ? "" : " with its file"}.`,
      confirmLabel: `Delete ${b.filename}`,
    });
    if (!ok) return;
    setBusy(b.id);
    try {
      await api(`/api/admin/artifacts/${b.id}`, { method: "DELETE" });
      toast.success(`${b.filename} deleted.`);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="builds-title" className="mt-6 rounded-lg bg-white p-4 shadow">
      <h2 id="builds-title" className="text-xl font-semibold">
        Builds
      </h2>
      {builds.length === 0 ? <p className="mt-3 text-sm text-slate-700">No builds yet.</p> : null}
      <ul className="mt-3 space-y-3" aria-label="Builds of this version">
        {builds.map((b) => (
          <li key={b.id} className="border-b border-slate-100 pb-3 text-sm">
            <p className="font-medium break-all">{b.filename}</p>
            <p className="text-slate-700">
              {b.patch_version ?? b.version} · {b.platform} {b.arch} · {b.size} bytes · {b.external ? "external URL" : "uploaded"} ·{" "}
              {b.downloads === 1 ? "1 download" : `${b.downloads} downloads`}
            </p>
            <p className="font-mono text-xs break-all text-slate-700">SHA-256 {b.sha256}</p>
            {b.downloads === 0 ? (
              <button type="button" className={`${secondaryButtonClass} mt-1`} disabled={busy === b.id} onClick={() => remove(b)}>
                Delete {b.filename}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">Upload a build</h3>
      <BuildUploadForm target={target} onUploaded={onChanged} />
      <h3 className="mt-6 font-semibold">Or register an external URL</h3>
      <BuildLinkForm target={target} onAdded={onChanged} />
      {confirmDialog}
    </section>
  );
}
