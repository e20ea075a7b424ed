import { useState } from "react";
import type { ArtifactCreated } from "../../../../contract/artifacts";
import { api, errorMessage } from "../../../lib/api-client";
import { Field, SelectField, secondaryButtonClass } from "../form-field";
import { type BuildTarget, archOptions, platformOptions, releaseOptions } from "./build-upload-form";

/** Registers a build kept elsewhere (a mirror or CDN) by its URL, size and SHA-256. */
export function BuildLinkForm({ target, onAdded }: { target: BuildTarget; onAdded: () => void }) {
  const [result, setResult] = useState<{ ok: boolean; text: string; errors?: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const f = Object.fromEntries(new FormData(formElement)) as Record<string, string>;
    setBusy(true);
    try {
      const json = {
        ...f,
        product_id: target.product_id,
        version: target.version,
        size: Number(f.size),
        patch_version: f.patch_version || undefined,
      };
      const created = await api<ArtifactCreated>("/api/admin/artifacts", { json });
      setResult({ ok: true, text: `Registered ${created.filename}.` });
      formElement.reset();
      onAdded();
    } catch (error) {
      const errors = (error as { errors?: Record<string, string> }).errors;
      setResult({ ok: false, text: errorMessage(error, "The server could not be reached."), errors });
    } finally {
      setBusy(false);
    }
  }

  const e = result?.errors ?? {};
  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Register an external build">
      <Field label="URL" name="url" type="url" required error={e.url} className="sm:col-span-2" />
      <Field label="File name" name="filename" required error={e.filename} />
      <Field label="Size in bytes" name="size" type="number" min={0} required error={e.size} />
      <Field label="SHA-256" name="sha256" required pattern="[0-9a-fA-F]{64}" error={e.sha256} className="sm:col-span-2" />
      <SelectField label="Release" name="patch_version" options={releaseOptions(target)} />
      <SelectField label="Platform" name="platform" options={platformOptions} required />
      <SelectField label="Architecture" name="arch" options={archOptions} required />
      <div className="sm:col-span-2">
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Register external build
        </button>
        <p role="status" className={`mt-2 text-sm ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
          {result?.text ?? ""}
        </p>
      </div>
    </form>
  );
}
