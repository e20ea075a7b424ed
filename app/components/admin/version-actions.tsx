import { useState } from "react";
import toast from "react-hot-toast";
import type { VersionDetail } from "../../../contract/admin-versions";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { useConfirm } from "./confirm-dialog";
import { secondaryButtonClass } from "./form-field";

/** Archive (or bring back) and delete; a delete the server refuses (orders refer to it) offers the archive. */
export function VersionActions({
  version,
  onChanged,
  onDeleted,
}: {
  version: VersionDetail;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmDialog, confirm] = useConfirm();

  async function run(action: () => Promise<unknown>, done: () => void, success: string) {
    setBusy(true);
    setMessage("");
    try {
      await action();
      toast.success(success);
      done();
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.status === 409 ? error.message : errorMessage(error, "The server could not be reached."),
      );
    } finally {
      setBusy(false);
    }
  }

  const archive = (archived: boolean) =>
    run(
      () => api(`/api/admin/product-versions/${version.id}`, { method: "PATCH", json: { archived } }),
      onChanged,
      archived ? "Version archived." : "Version restored.",
    );
  const remove = async () => {
    const name = `${version.product_id} ${version.version}`;
    const ok = await confirm({
      title: `Delete ${name}?`,
      text: "Its patches and coupons go with it. This cannot be undone.",
      confirmLabel: `Delete version ${name}`,
    });
    if (!ok) return;
    void run(() => api(`/api/admin/product-versions/${version.id}`, { method: "DELETE" }), onDeleted, "Version deleted.");
  };

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => archive(!version.archived)}>
          {version.archived ? "Restore (unarchive)" : "Archive"}
        </button>
        <button type="button" className={`${secondaryButtonClass} border-red-700 text-red-800`} disabled={busy} onClick={remove}>
          Delete
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-700">Archived versions are hidden from the store and from the pickers; their orders stay.</p>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {confirmDialog}
    </div>
  );
}
