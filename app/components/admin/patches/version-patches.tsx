import { useRef, useState } from "react";
import toast from "react-hot-toast";
import type { VersionDetail } from "../../../../contract/admin-versions";
import { api, errorMessage } from "../../../lib/api-client";
import { useConfirm } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";
import { LocalTime } from "../local-time";
import { PatchEditForm } from "./patch-edit-form";

type Patch = VersionDetail["patches"][number];

/**
 * A version's patch releases, each with Edit (a pre-filled form in place) and Delete (after a
 * confirmation dialog). `onChanged` reloads the screen's data (the loader runs again).
 */
export function VersionPatches({ version, onChanged }: { version: VersionDetail; onChanged: () => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const name = `${version.product_id} ${version.version}`;

  const closeEditor = (id: number) => {
    setEditing(null);
    // Back to the button that opened the form, so keyboard users keep their place.
    requestAnimationFrame(() => editButtons.current.get(id)?.focus());
  };

  async function remove(patch: Patch) {
    const ok = await confirm({
      title: `Delete patch ${patch.patch_version}?`,
      text: `Patch ${patch.patch_version} of ${name} and its list of features are deleted. This cannot be undone.`,
      confirmLabel: `Delete patch ${patch.patch_version}`,
    });
    if (!ok) return;
    setBusy(patch.id);
    try {
      await api(`/api/admin/patches/${patch.id}`, { method: "DELETE" });
      toast.success(`Patch ${patch.patch_version} deleted.`);
      if (editing === patch.id) setEditing(null);
      onChanged();
      // Its buttons are gone: focus goes to the list's heading rather than to the page's start.
      headingRef.current?.focus();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="patches-title" className="mt-6 rounded-lg bg-white p-4 shadow">
      <h2 id="patches-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        Patches
      </h2>
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
                <button
                  type="button"
                  ref={(el) => {
                    if (el) editButtons.current.set(patch.id, el);
                    else editButtons.current.delete(patch.id);
                  }}
                  className={secondaryButtonClass}
                  aria-expanded={editing === patch.id}
                  aria-controls={editing === patch.id ? `patch-${patch.id}-edit` : undefined}
                  onClick={() => (editing === patch.id ? closeEditor(patch.id) : setEditing(patch.id))}
                >
                  Edit<span className="sr-only"> patch {patch.patch_version}</span>
                </button>
                <button
                  type="button"
                  className={`${secondaryButtonClass} border-red-700 text-red-800`}
                  disabled={busy === patch.id}
                  onClick={() => void remove(patch)}
                >
                  Delete<span className="sr-only"> patch {patch.patch_version}</span>
                </button>
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
                  onCancel={() => closeEditor(patch.id)}
                  onSaved={() => {
                    closeEditor(patch.id);
                    onChanged();
                  }}
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
