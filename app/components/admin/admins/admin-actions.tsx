import toast from "react-hot-toast";
import { useFetcher } from "react-router";
import type { AdminListItem } from "../../../../contract/identity";
import type { FormResult } from "../../../lib/form-result";
import type { ConfirmRequest } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";
import { useFormResult } from "../use-form-result";

type Props = {
  admin: AdminListItem;
  isMe: boolean;
  /** The screen's one confirm dialog (decision 035). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
};

/**
 * The row's one action: disable an active admin, enable a disabled one, send an invitation again.
 * Each posts to the screen's action (app/routes/admin/admins.server.ts): through a fetcher with
 * JavaScript (keyed by the admin, so the table and the phone list share it), as a plain post without.
 */
export function AdminActions({ admin, isMe, confirm }: Props) {
  const fetcher = useFetcher<FormResult>({ key: `admin-${admin.id}` });
  const busy = fetcher.state !== "idle";
  useFormResult(fetcher.data, fetcher.state === "idle", (result) =>
    result.ok ? toast.success(result.message) : toast.error(result.message),
  );

  // Disabling asks first (with JavaScript); the confirmed post goes through the same fetcher.
  async function disable(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const question = isMe
      ? {
          title: "Disable your own account?",
          text: "You are signed out at once and cannot log in until another admin enables you.",
          confirmLabel: "Disable my account",
        }
      : { title: `Disable ${admin.email}?`, text: "Their sessions end at once.", confirmLabel: `Disable ${admin.email}` };
    if (await confirm(question)) void fetcher.submit({ intent: "disable", id: admin.id }, { method: "post" });
  }

  const disableButton = (
    <button type="submit" name="intent" value="disable" className={secondaryButtonClass} disabled={busy} onClick={disable}>
      Disable<span className="sr-only"> {admin.email}</span>
    </button>
  );
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={admin.id} />
      <input type="hidden" name="email" value={admin.email} />
      {admin.status === "disabled" ? (
        <button type="submit" name="intent" value="enable" className={secondaryButtonClass} disabled={busy}>
          Enable<span className="sr-only"> {admin.email}</span>
        </button>
      ) : null}
      {admin.status === "invited" ? (
        <button type="submit" name="intent" value="invite" className={secondaryButtonClass} disabled={busy}>
          Send again<span className="sr-only"> to {admin.email}</span>
        </button>
      ) : null}
      {admin.status !== "disabled" ? disableButton : null}
    </fetcher.Form>
  );
}
