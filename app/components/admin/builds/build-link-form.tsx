import { useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { FormResult } from "../../../lib/form-result";
import { Field, type FieldErrors, SelectField, secondaryButtonClass } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { useFormResult } from "../use-form-result";
import { type BuildTarget, archOptions, platformOptions, releaseOptions } from "./build-upload-form";
import { SignatureField } from "./signature-field";

/**
 * Registers a build kept elsewhere (a mirror or CDN) by its URL, size and SHA-256: intent=build-link
 * to the screen's action (app/routes/admin/version-parts.server.ts), through a fetcher with
 * JavaScript, as a plain post without; the server's field errors sit by their fields.
 */
export function BuildLinkForm({ target, verifies }: { target: BuildTarget; verifies: boolean }) {
  const fetcher = useFetcher<FormResult>({ key: "build-link" });
  const actionData = useActionData<FormResult>();
  const posted = actionData?.intent === "build-link" ? actionData : undefined;
  const [result, setResult] = useState<FormResult | undefined>(posted);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: FieldErrors = result && !result.ok ? result.errors : {};
  useFocusFirstError(formRef, errors);

  useFormResult(fetcher.data, fetcher.state === "idle", (answer) => {
    setResult(answer);
    if (answer.ok) formRef.current?.reset();
  });

  return (
    <fetcher.Form ref={formRef} method="post" className="mt-3 grid gap-3 sm:grid-cols-2" aria-label="Register an external build">
      <input type="hidden" name="intent" value="build-link" />
      <Field label="URL" name="url" type="url" required error={errors.url} className="sm:col-span-2" />
      <Field label="File name" name="filename" required error={errors.filename} />
      <Field label="Size in bytes" name="size" type="number" min={0} required error={errors.size} />
      <Field label="SHA-256" name="sha256" required pattern="[0-9a-fA-F]{64}" error={errors.sha256} className="sm:col-span-2" />
      <SelectField label="Release" name="patch_version" options={releaseOptions(target)} error={errors.patch_version} />
      <SelectField label="Platform" name="platform" options={platformOptions} required error={errors.platform} />
      <SelectField label="Architecture" name="arch" options={archOptions} required error={errors.arch} />
      <SignatureField verifies={verifies} external error={errors.signature} />
      <div className="sm:col-span-2">
        <button type="submit" className={secondaryButtonClass} disabled={fetcher.state !== "idle"}>
          Register external build
        </button>
        <p role="status" className={`mt-2 text-sm ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
          {result?.message ?? ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
