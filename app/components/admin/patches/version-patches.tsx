import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import type { VersionDetail } from "../../../../contract/admin-versions";
import { useConfirm } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { LocalTime } from "../local-time";
import { OpenButton } from "../open-button";
import { useFormResult } from "../use-form-result";
import { PatchEditForm, type PatchResult } from "./patch-edit-form";

type Patch = VersionDetail["patches"][number];

/**
 * A version's patch releases, each with Edit (a pre-filled form in place) and Delete (after a
 * confirmation dialog with JavaScript, at once without), posted to the screen's action
 * (intent=patch-edit / patch-delete); the loader runs again after each. Without JavaScript Edit opens
 * the form through the address (`?edit=<id>`), and the page shows the answer it was posted.
 */
export function VersionPatches({ version }: { version: VersionDetail }) {
  const [params] = useSearchParams();
  const actionData = useActionData<PatchResult>();
  const posted = actionData?.intent === "patch-edit" || actionData?.intent === "patch-delete" ? actionData : undefined;
  // A plain post's saved edit closes its form; a refused one keeps it open with the errors.
  const savedId = posted?.ok && posted.intent === "patch-edit" ? posted.value?.id : undefined;
  const asked = Number(params.get("edit"));
  const [editing, setEditing] = useState<number | null>(asked && asked !== savedId ? asked : null);
  const fetcher = useFetcher<PatchResult>({ key: "patch-delete" });
  const busy = fetcher.state !== "idle";
  const [confirmDialog, confirm] = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const name = `${version.product_name} ${version.version}`;

  const closeEditor = (id: number) => {
    setEditing(null);
    // Back to the button that opened the form, so keyboard users keep their place.
    requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  };

  useFormResult(fetcher.data, !busy, (result) => {
    if (!result.ok) return void toast.error(result.message);
    toast.success(result.message);
    if (editing === result.value?.id) setEditing(null);
    // Its buttons are gone: focus goes to the list's heading rather than to the page's start.
    headingRef.current?.focus();
  });

  async function remove(event: React.MouseEvent<HTMLButtonElement>, patch: Patch) {
    event.preventDefault();
    const ok = await confirm({
      title: `Delete patch ${patch.patch_version}?`,
      text: `Patch ${patch.patch_version} of ${name} and its list of features are deleted. This cannot be undone.`,
      confirmLabel: `Delete patch ${patch.patch_version}`,
    });
    if (ok) void fetcher.submit({ intent: "patch-delete", id: String(patch.id) }, { method: "post" });
  }

  return (
    <section aria-labelledby="patches-title" className="mt-6 rounded-lg bg-white p-4 shadow">
      <h2 id="patches-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        Patches
      </h2>
      <FormOutcome result={posted && (posted.ok || posted.intent === "patch-delete") ? posted : undefined} />
      {version.patches.length === 0 ? <p className="mt-3 text-sm text-slate-700">No patches yet.</p> : null}
      <ul className="mt-3 space-y-3">
        {version.patches.map((patch) => (
          <li key={patch.id} id={`patch-${patch.id}`} className="border-b border-slate-100 pb-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold">
                Patch {patch.patch_version}{" "}
                <span className="font-normal text-slate-700">
                  (<LocalTime iso={patch.created_at} withTime={false} />)
                </span>
              </h3>
              <div className="flex gap-2">
                <OpenButton
                  name="edit"
                  value={patch.id}
                  fragment={`patch-${patch.id}`}
                  ref={(el) => {
                    if (el) editButtons.current.set(patch.id, el);
                    else editButtons.current.delete(patch.id);
                  }}
                  className={secondaryButtonClass}
                  aria-expanded={editing === patch.id}
                  aria-controls={editing === patch.id ? `patch-${patch.id}-edit` : undefined}
                  onOpen={() => (editing === patch.id ? closeEditor(patch.id) : setEditing(patch.id))}
                >
                  Edit<span className="sr-only"> patch {patch.patch_version}</span>
                </OpenButton>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="patch-delete" />
                  <input type="hidden" name="id" value={patch.id} />
                  <button
                    type="submit"
                    className={`${secondaryButtonClass} border-red-700 text-red-800`}
                    disabled={busy}
                    onClick={(event) => void remove(event, patch)}
                  >
                    Delete<span className="sr-only"> patch {patch.patch_version}</span>
                  </button>
                </fetcher.Form>
              </div>
            </div>
            {patch.features.length ? (
              <ul className="mt-1 list-disc pl-6">
                {patch.features.map((feature, i) => (
                  <li key={i}>{feature}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-700">No features listed.</p>
            )}
            {editing === patch.id ? (
              <div id={`patch-${patch.id}-edit`}>
                <PatchEditForm
                  patch={patch}
                  posted={posted?.intent === "patch-edit" && !posted.ok ? posted : undefined}
                  onCancel={() => closeEditor(patch.id)}
                  onSaved={() => closeEditor(patch.id)}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {confirmDialog}
    </section>
  );
}
