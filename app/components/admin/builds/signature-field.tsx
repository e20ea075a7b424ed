import { useId } from "react";
import { inputClass } from "../form-field";

/**
 * A build's minisign signature, pasted as the `.minisig` file's text. Required when the server
 * verifies builds against RELEASE_PUBLIC_KEY (it holds no release secret); otherwise the server
 * signs an upload itself and an external build without one stays unsigned.
 */
export function SignatureField({ verifies, external, error }: { verifies: boolean; external: boolean; error?: string }) {
  const id = useId();
  const hint = verifies
    ? "Paste the .minisig made with the release key (minisign -Sm FILE); the build is refused without it."
    : external
      ? "Optional: without one the build is unsigned and never offered to an updater."
      : "";
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium">
        Signature (.minisig text){verifies ? "" : " (optional)"}
      </label>
      {verifies ? (
        <span aria-hidden="true" className="text-sm text-red-700">
          {" "}
          *
        </span>
      ) : null}
      <textarea
        id={id}
        name="signature"
        rows={4}
        required={verifies}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        className={`${inputClass} font-mono text-xs`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
