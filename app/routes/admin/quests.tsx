import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { Link, useRevalidator } from "react-router";
import type { Quest } from "../../../contract/quests";
import { type ConfirmRequest, useConfirm } from "../../components/admin/confirm-dialog";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { QuestDescription, QuestForm } from "../../components/admin/quest-form";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/quests";
import { requireAdminPage } from "./session.server";

// Read in the loader (decision 017); changes go through the API, then the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { quests: await context.services.quests.list() };
}

type ItemProps = {
  quest: Quest;
  onChanged: () => void;
  onDeleted: () => void;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
};

/** One quest with Edit (the add form, pre-filled, in place) and Delete (after the confirm dialog). */
function QuestItem({ quest, onChanged, onDeleted, confirm }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editorId = `quest-${quest.id}-edit`;

  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  async function remove() {
    const ok = await confirm({
      title: `Delete the quest "${quest.title}"?`,
      text: "It disappears from the public quest list. This cannot be undone.",
      confirmLabel: "Delete quest",
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api(`/api/admin/quests/${quest.id}`, { method: "DELETE" });
      toast.success("Quest deleted.");
      onDeleted();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
      setBusy(false);
    }
  }

  return (
    <li className="rounded-lg bg-white p-4 shadow" aria-label={quest.title}>
      <h2 className="text-lg font-semibold break-words">{quest.title}</h2>
      <p className="mt-1 text-sm font-medium text-green-800">Prize: {quest.prize}</p>
      <div className="mt-2">
        <QuestDescription text={quest.description} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
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
          type="button"
          className={`${secondaryButtonClass} border-red-700 text-red-800`}
          disabled={busy}
          onClick={() => void remove()}
        >
          Delete<span className="sr-only"> {quest.title}</span>
        </button>
      </div>
      {editing ? (
        <div id={editorId}>
          <QuestForm
            quest={quest}
            onCancel={closeEditor}
            onSaved={() => {
              closeEditor();
              onChanged();
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

export default function Quests({ loaderData: { quests } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [confirmDialog, confirm] = useConfirm();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reload = () => void revalidator.revalidate();
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
      {quests.length === 0 ? <p className="mt-6 text-slate-700">No modules yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {quests.map((quest) => (
          <QuestItem
            key={quest.id}
            quest={quest}
            confirm={confirm}
            onChanged={reload}
            onDeleted={() => {
              reload();
              // Its buttons are gone: focus goes to the screen's heading rather than to the page's start.
              headingRef.current?.focus();
            }}
          />
        ))}
      </ul>
      {confirmDialog}
    </>
  );
}
