import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { PatchCreateSchema } from "../../../contract/patches";
import { SuccessMessageSchema } from "../../../contract/common";
import type { VersionDetails } from "../../../contract/products";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { Field, type FieldErrors, FormError, SelectField, buttonClass, issuesToErrors, secondaryButtonClass } from "./form-field";
import { NoVersionsYet } from "./no-versions-yet";
import { useFocusFirstError } from "./use-focus-first-error";
import { useHydrated } from "./use-hydrated";

/**
 * Create Patch Version Release: product, then its major version, then the patch and its features.
 * `details` (product name -> its versions) come from the screen's loader.
 */
export function PatchForm({ details: map }: { details: VersionDetails }) {
  const hydrated = useHydrated();
  const [product, setProduct] = useState("");
  const [majorVersion, setMajorVersion] = useState("");
  const [patchVersion, setPatchVersion] = useState("");
  const [feature, setFeature] = useState("");
  const [features, setFeatures] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit the focus goes to the first message (issue 14, friction 5), not only a toast.
  useFocusFirstError(formRef, errors);

  function addFeature() {
    // SPEC section 5: a blank feature is ignored.
    if (!feature.trim()) return;
    setFeatures([...features, feature.trim()]);
    setFeature("");
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = PatchCreateSchema.safeParse({ product, majorVersion, patchVersion, features });
    if (!checked.success) return setErrors(issuesToErrors(checked.error.issues));
    setBusy(true);
    setErrors({});
    try {
      const answer = SuccessMessageSchema.parse(await api("/api/products/version/patch/create", { json: checked.data }));
      toast.success(answer.message);
      setPatchVersion("");
      setFeatures([]);
    } catch (error) {
      const message = errorMessage(error, "The patch could not be created: the server could not be reached.");
      // 404: the chosen version is gone (deleted since the page loaded), said on the Major Version field.
      const fieldErrors = error instanceof ApiError ? (error.status === 404 ? { majorVersion: message } : error.errors) : {};
      // A refusal with no field of its own (the server unreachable) is the form's alert, focused.
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: message });
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (!Object.keys(map).length) return <NoVersionsYet />;
  return (
    <form ref={formRef} onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6">
      {/* Options come with the page (loader): wait for React, or hydration drops an early choice. */}
      <SelectField
        label="Product"
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
      <FormError message={errors.form} />
      {majorVersion ? (
        <button type="submit" className={buttonClass} disabled={!hydrated || busy}>
          {busy ? "Submitting..." : "Submit"}
        </button>
      ) : null}
    </form>
  );
}
