import toast from "react-hot-toast";
import { useActionData, useFetcher } from "react-router";
import type { VersionDetail } from "../../../contract/admin-versions";
import type { FormResult } from "../../lib/form-result";
import { useConfirm } from "./confirm-dialog";
import { secondaryButtonClass } from "./form-field";
import { FormOutcome } from "./form-outcome";
import { useFormResult } from "./use-form-result";

/**
 * Archive (or bring back) and delete, posted to the screen's action (intent=archive / delete): through
 * a fetcher with JavaScript, as a plain post without. A delete the server refuses (orders refer to
 * it) says so and offers the archive; a done delete lands on the list.
 */
export function VersionActions({ version }: { version: VersionDetail }) {
  const fetcher = useFetcher<FormResult>({ key: `version-actions-${version.id}` });
  const actionData = useActionData<FormResult>();
  const posted = actionData?.intent === "archive" || actionData?.intent === "delete" ? actionData : undefined;
  const busy = fetcher.state !== "idle";
  const [confirmDialog, confirm] = useConfirm();
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.message : "";

  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) toast.success(result.message);
  });

  // Deleting asks first (with JavaScript); the confirmed delete goes through the same fetcher.
  async function remove(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const name = `${version.product_name} ${version.version}`;
    const ok = await confirm({
      title: `Delete ${name}?`,
      text: "Its patches and coupons go with it. This cannot be undone.",
      confirmLabel: `Delete version ${name}`,
    });
    if (ok) void fetcher.submit({ intent: "delete" }, { method: "post" });
  }

  return (
    <div>
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="archived" value={String(!version.archived)} />
        <button type="submit" name="intent" value="archive" className={secondaryButtonClass} disabled={busy}>
          {version.archived ? "Restore (unarchive)" : "Archive"}
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className={`${secondaryButtonClass} border-red-700 text-red-800`}
          disabled={busy}
          onClick={remove}
        >
          Delete
        </button>
      </fetcher.Form>
      <p className="mt-2 text-sm text-slate-700">Archived versions are hidden from the store and from the pickers; their orders stay.</p>
      {refused ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {refused}
        </p>
      ) : null}
      <FormOutcome result={posted} />
      {confirmDialog}
    </div>
  );
}
