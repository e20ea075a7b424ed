import toast from "react-hot-toast";
import type { AdminListItem } from "../../../../contract/identity";
import { api, errorMessage } from "../../../lib/api-client";
import type { ConfirmRequest } from "../confirm-dialog";
import { secondaryButtonClass } from "../form-field";

type Props = {
  admin: AdminListItem;
  isMe: boolean;
  onChange: () => void;
  /** The screen's one confirm dialog (decision 035). */
  confirm: (request: ConfirmRequest) => Promise<boolean>;
};

/** The row's one action: disable an active admin, enable a disabled one, send an invitation again. */
export function AdminActions({ admin, isMe, onChange, confirm }: Props) {
  async function run(path: string, json: unknown, question: ConfirmRequest | null) {
    if (question && !(await confirm(question))) return;
    try {
      toast.success((await api<{ message: string }>(path, { json })).message);
      onChange();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    }
  }
  if (admin.status === "disabled")
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => run(`/api/admin/admins/${admin.id}/enable`, {}, null)}>
        Enable<span className="sr-only"> {admin.email}</span>
      </button>
    );
  const disable = (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() =>
        run(
          `/api/admin/admins/${admin.id}/disable`,
          {},
          isMe
            ? {
                title: "Disable your own account?",
                text: "You are signed out at once and cannot log in until another admin enables you.",
                confirmLabel: "Disable my account",
              }
            : { title: `Disable ${admin.email}?`, text: "Their sessions end at once.", confirmLabel: `Disable ${admin.email}` },
        )
      }
    >
      Disable<span className="sr-only"> {admin.email}</span>
    </button>
  );
  if (admin.status === "active") return disable;
  return (
    <span className="flex flex-wrap gap-2">
      <button type="button" className={secondaryButtonClass} onClick={() => run("/api/admin/admins", { email: admin.email }, null)}>
        Send again<span className="sr-only"> to {admin.email}</span>
      </button>
      {disable}
    </span>
  );
}
