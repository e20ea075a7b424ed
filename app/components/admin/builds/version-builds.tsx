import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { Artifact } from "../../../../contract/artifacts";
import type { FormResult } from "../../../lib/form-result";
import { useConfirm } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { useFormResult } from "../use-form-result";
import { BuildLinkForm } from "./build-link-form";
import { type BuildTarget, BuildUploadForm } from "./build-upload-form";

/**
 * The "Builds" section of a version: its artifacts with their download counts, upload, link and delete.
 * Delete posts intent=build-delete to the screen's action (after a dialog with JavaScript, at once
 * without); the fetcher belongs to the section, as the deleted build leaves the list with the answer.
 * `onUploaded` reloads the screen's data after an upload, which goes to the API (build-upload-form.tsx).
 */
export function VersionBuilds({
  target,
  builds,
  verifies,
  onUploaded,
}: {
  target: BuildTarget;
  builds: Artifact[];
  /** The server holds no release secret: each build brings its signature. */
  verifies: boolean;
  onUploaded: () => void;
}) {
  const [confirmDialog, confirm] = useConfirm();
  const fetcher = useFetcher<FormResult>({ key: "build-delete" });
  const actionData = useActionData<FormResult>();
  const busy = fetcher.state !== "idle";
  useFormResult(fetcher.data, !busy, (result) => (result.ok ? toast.success(result.message) : toast.error(result.message)));

  async function remove(event: React.MouseEvent<HTMLButtonElement>, b: Artifact) {
    event.preventDefault();
    const ok = await confirm({
      title: `Delete ${b.filename}?`,
      text: `The ${b.platform} ${b.arch} build of ${b.patch_version ?? b.version} is deleted${b.external ? "" : " with its file"}.`,
      confirmLabel: `Delete ${b.filename}`,
    });
    if (ok) void fetcher.submit({ intent: "build-delete", id: String(b.id) }, { method: "post" });
  }

  return (
    <section aria-labelledby="builds-title" className="mt-6 rounded-lg bg-white p-4 shadow">
      <h2 id="builds-title" className="text-xl font-semibold">
        Builds
      </h2>
      <FormOutcome result={actionData?.intent === "build-delete" ? actionData : undefined} />
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
            <p className={b.signed ? "text-green-800" : "font-medium text-amber-800"}>
              {b.signed ? "Signed (minisign)" : "Unsigned: never offered to updaters"}
            </p>
            {b.downloads === 0 ? (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="build-delete" />
                <input type="hidden" name="id" value={b.id} />
                <button type="submit" className={`${secondaryButtonClass} mt-1`} disabled={busy} onClick={(event) => void remove(event, b)}>
                  Delete {b.filename}
                </button>
              </fetcher.Form>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">Upload a build</h3>
      <BuildUploadForm target={target} verifies={verifies} onUploaded={onUploaded} />
      <h3 className="mt-6 font-semibold">Or register an external URL</h3>
      <BuildLinkForm target={target} verifies={verifies} />
      {confirmDialog}
    </section>
  );
}
