import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { useFetcher } from "react-router";
import { PatchCreateSchema } from "../../../contract/patches";
import type { VersionDetails } from "../../../contract/products";
import type { FormResult } from "../../lib/form-result";
import {
  CheckboxField,
  Field,
  type FieldErrors,
  FormError,
  SelectField,
  buttonClass,
  issuesToErrors,
  secondaryButtonClass,
} from "./form-field";
import { NoVersionsYet } from "./no-versions-yet";
import { useFocusFirstError } from "./use-focus-first-error";
import { useFormResult } from "./use-form-result";
import { useHydrated } from "./use-hydrated";

/**
 * Create Patch Version Release: product, then its major version, then the patch and its features.
 * `details` (product name -> its versions) come from the screen's loader. The form posts to the
 * screen's action (app/routes/admin/patch-release.server.ts) through a fetcher, after the same check
 * the action makes; the listed features go as hidden features.N fields.
 */
export function PatchForm({ details: map }: { details: VersionDetails }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormResult>();
  const [product, setProduct] = useState("");
  const [majorVersion, setMajorVersion] = useState("");
  const [patchVersion, setPatchVersion] = useState("");
  const [feature, setFeature] = useState("");
  const [features, setFeatures] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit the focus goes to the first message, not only a toast: a keyboard user lands on what to fix.
  useFocusFirstError(formRef, errors);

  function addFeature() {
    // A blank feature line is ignored, so an empty trailing line never becomes a feature.
    if (!feature.trim()) return;
    setFeatures([...features, feature.trim()]);
    setFeature("");
  }

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) {
      toast.success(result.message);
      setPatchVersion("");
      setFeatures([]);
      return;
    }
    // A refusal with no field of its own (the server unreachable) is the form's alert, focused.
    setErrors(Object.keys(result.errors).length ? result.errors : { form: `The patch could not be created: ${result.message}` });
    toast.error(result.message);
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const draft = new FormData(event.currentTarget).get("draft") === "on";
    const checked = PatchCreateSchema.safeParse({ product, majorVersion, patchVersion, features, ...(draft ? { draft } : {}) });
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setErrors({});
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  if (!Object.keys(map).length) return <NoVersionsYet />;
  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6">
      {/* Options come with the page (loader): wait for React, or hydration drops an early choice. */}
      <SelectField
        label="Product"
        name="product"
        placeholder="Select a product"
        required
        disabled={!hydrated}
        value={product}
        options={Object.keys(map).map((name) => ({ value: name, label: name }))}
        error={errors.product}
        onChange={(event) => {
          setProduct(event.target.value);
          setMajorVersion("");
        }}
      />
      {product ? (
        <SelectField
          label="Major Version"
          name="majorVersion"
          placeholder="Select a version"
          required
          value={majorVersion}
          options={(map[product] ?? []).map((v) => ({ value: v, label: v }))}
          error={errors.majorVersion}
          onChange={(event) => setMajorVersion(event.target.value)}
        />
      ) : null}
      <Field
        label="Patch Version"
        name="patchVersion"
        placeholder="1.0.1"
        value={patchVersion}
        onChange={(event) => setPatchVersion(event.target.value)}
        error={errors.patchVersion}
        required
      />
      <div>
        <div className="flex items-end gap-2">
          <Field
            label="Add Features"
            className="flex-1"
            value={feature}
            onChange={(event) => setFeature(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                addFeature();
              }
            }}
          />
          <button type="button" className={secondaryButtonClass} onClick={addFeature}>
            Add
          </button>
        </div>
        {features.length ? (
          <ul className="mt-3 list-disc space-y-1 pl-6 text-sm" aria-label="Patch features">
            {features.map((text, i) => (
              <li key={`${i}-${text}`}>
                <input type="hidden" name={`features.${i}`} value={text} />
                {text}{" "}
                <button
                  type="button"
                  className="ml-2 text-xs text-blue-800 underline"
                  aria-label={`Remove feature ${text}`}
                  onClick={() => setFeatures(features.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <CheckboxField name="draft" label="Save as draft (not on the release notes until published)" error={errors.draft} />
      <FormError message={errors.form} />
      {majorVersion ? (
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>
          {busy ? "Submitting..." : "Submit"}
        </button>
      ) : null}
    </form>
  );
}
