import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { type FetcherWithComponents, Link, useFetcher } from "react-router";
import type { Quest } from "../../../contract/quests";
import { type ConfirmRequest, useConfirm } from "../../components/admin/confirm-dialog";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { FormOutcome } from "../../components/admin/form-outcome";
import { QuestDescription, QuestForm } from "../../components/admin/quest-form";
import { useFormResult } from "../../components/admin/use-form-result";
import type { FormResult } from "../../lib/form-result";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/quests";
import { questsAction } from "./quests.server";
import { requireAdminPage } from "./session.server";

// Read in the loader (decision 017); changes post to the action, then the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { quests: await context.services.quests.list() };
}

export const action = ({ request, context }: Route.ActionArgs) => questsAction(request, context);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction);

type ItemProps = {
  quest: Quest;
  /**
   * The screen's fetcher for deletes: the deleted quest leaves the list with the answer, so the
   * screen shows its toast and moves the focus.
   */
  remover: FetcherWithComponents<FormResult<number>>;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
};

/** One quest with Edit (the add form, pre-filled, in place) and Delete (after the confirm dialog with JavaScript). */
function QuestItem({ quest, remover, confirm }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const busy = remover.state !== "idle";
  const editButton = useRef<HTMLButtonElement>(null);
  const editorId = `quest-${quest.id}-edit`;

  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  async function remove(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const ok = await confirm({
      title: `Delete the quest "${quest.title}"?`,
      text: "It disappears from the public quest list. This cannot be undone.",
      confirmLabel: "Delete quest",
    });
    if (ok) void remover.submit({ intent: "delete", id: quest.id }, { method: "post" });
  }

  return (
    <li className="rounded-lg bg-white p-4 shadow" aria-label={quest.title}>
      <h2 className="text-lg font-semibold break-words">{quest.title}</h2>
      <p className="mt-1 text-sm font-medium text-green-800">Prize: {quest.prize}</p>
      <p className="mt-1 text-sm">
        <Link className="text-blue-800 underline" to={`/dashboard/quests/${quest.id}`}>
          Settings<span className="sr-only"> of {quest.title}</span>
        </Link>{" "}
        (status, deadline, rules, how the prize is paid)
      </p>
      <div className="mt-2">
        <QuestDescription text={quest.description} />
      </div>
      <remover.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="id" value={quest.id} />
        <button
          ref={editButton}
          type="button"
          className={secondaryButtonClass}
          aria-expanded={editing}
          aria-controls={editing ? editorId : undefined}
          onClick={() => (editing ? closeEditor() : setEditing(true))}
        >
          Edit<span className="sr-only"> {quest.title}</span>
        </button>
        <button
          type="submit"
          name="intent"
          value="delete"
          className={`${secondaryButtonClass} border-red-700 text-red-800`}
          disabled={busy}
          onClick={(event) => void remove(event)}
        >
          Delete<span className="sr-only"> {quest.title}</span>
        </button>
      </remover.Form>
      {editing ? (
        <div id={editorId}>
          <QuestForm quest={quest} onCancel={closeEditor} onSaved={closeEditor} />
        </div>
      ) : null}
    </li>
  );
}

export default function Quests({ loaderData: { quests }, actionData }: Route.ComponentProps) {
  const [confirmDialog, confirm] = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remover = useFetcher<FormResult<number>>();
  useFormResult(remover.data, remover.state === "idle", (result) => {
    if (!result.ok) return void toast.error(result.message);
    toast.success(result.message);
    // Its buttons are gone: focus goes to the screen's heading rather than to the page's start.
    headingRef.current?.focus();
  });
  return (
    <>
      <title>Quests | Admin</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
          Quests
        </h1>
        <Link to="/dev-quest-add" className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Add New Module
        </Link>
      </div>
      <FormOutcome result={actionData} />
      {quests.length === 0 ? <p className="mt-6 text-slate-700">No modules yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {quests.map((quest) => (
          <QuestItem key={quest.id} quest={quest} confirm={confirm} remover={remover} />
        ))}
      </ul>
      {confirmDialog}
    </>
  );
}
