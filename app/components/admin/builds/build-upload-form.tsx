import { useId, useState } from "react";
import { ARCHES, type ArtifactCreated, PLATFORMS } from "../../../../contract/artifacts";
import { errorMessage } from "../../../lib/api-client";
import { uploadWithProgress } from "../../../lib/upload-with-progress";
import { buttonClass, Field, SelectField } from "../form-field";
import { SignatureField } from "./signature-field";

export type BuildTarget = { product_id: string; version: string; patches: string[] };

export const platformOptions = PLATFORMS.map((p) => ({ value: p, label: p }));
export const archOptions = ARCHES.map((a) => ({ value: a, label: a }));
export const releaseOptions = (t: BuildTarget) => [
  { value: "", label: `${t.version} (the version itself)` },
  ...t.patches.map((p) => ({ value: p, label: `patch ${p}` })),
];

/**
 * Uploads a build with a progress bar; the result is announced in a live region. It posts to
 * POST /api/admin/artifacts, not to the screen's action: a build is streamed to disk as it arrives
 * (decision 089), and a page action would buffer the whole multipart body in memory first.
 */
export function BuildUploadForm({ target, verifies, onUploaded }: { target: BuildTarget; verifies: boolean; onUploaded: () => void }) {
  const progressId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const file = form.get("file");
    form.delete("file");
    if (!form.get("patch_version")) form.delete("patch_version");
    if (!form.get("sha256")) form.delete("sha256");
    if (!String(form.get("signature") ?? "").trim()) form.delete("signature");
    form.set("product_id", target.product_id);
    form.set("version", target.version);
    // Text fields first, the file last: the server checks the signature field when the file starts.
    if (file) form.append("file", file);
    setResult(null);
    setProgress(0);
    try {
      const created = await uploadWithProgress<ArtifactCreated>("/api/admin/artifacts", form, setProgress);
      setProgress(1);
      setResult({ ok: true, text: `Uploaded ${created.filename}: ${created.size} bytes, SHA-256 ${created.sha256}.` });
      formElement.reset();
      onUploaded();
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, "The upload was cut off; try again.") });
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Upload a build">
      <Field label="Build file" name="file" type="file" required className="sm:col-span-2" />
      <SelectField label="Release" name="patch_version" options={releaseOptions(target)} />
      <SelectField label="Platform" name="platform" options={platformOptions} required />
      <SelectField label="Architecture" name="arch" options={archOptions} required />
      <Field label="Expected SHA-256 (optional)" name="sha256" pattern="[0-9a-fA-F]{64}" hint="Checked against the file received." />
      {verifies ? <SignatureField verifies external={false} /> : null}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass} disabled={progress !== null}>
          Upload build
        </button>
        {progress !== null ? (
          <div className="mt-2">
            <label htmlFor={progressId} className="text-sm">
              Upload progress
            </label>
            <progress id={progressId} max={1} value={progress} className="ml-2 align-middle">
              {Math.round(progress * 100)} %
            </progress>
          </div>
        ) : null}
        <p role="status" className={`mt-2 text-sm break-all ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
          {result?.text ?? ""}
        </p>
      </div>
    </form>
  );
}
