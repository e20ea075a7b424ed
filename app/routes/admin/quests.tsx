import { useState } from "react";
import toast from "react-hot-toast";
import { Link, useRevalidator } from "react-router";
import type { Quest } from "../../../contract/quests";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { QuestDescription } from "../../components/admin/quest-form";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/quests";
import { requireAdminPage } from "./session.server";

// Read in the loader (decision 017); changes go through the API, then the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { quests: await context.services.quests.list() };
}

function DeleteQuest({ quest, onDeleted }: { quest: Quest; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    if (!window.confirm(`Delete the quest "${quest.title}"? It disappears from the public list.`)) return;
    setBusy(true);
    try {
      await api(`/api/admin/quests/${quest.id}`, { method: "DELETE" });
      toast.success("Quest deleted.");
      onDeleted();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={`${secondaryButtonClass} mt-3 border-red-700 text-red-800`} disabled={busy} onClick={run}>
      Delete<span className="sr-only"> {quest.title}</span>
    </button>
  );
}

export default function Quests({ loaderData: { quests } }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  return (
    <>
      <title>Quests | Admin</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Quests</h1>
        <Link to="/dev-quest-add" className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Add New Module
        </Link>
      </div>
      {quests.length === 0 ? <p className="mt-6 text-slate-700">No modules yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {quests.map((quest) => (
          <li key={quest.id} className="rounded-lg bg-white p-4 shadow" aria-label={quest.title}>
            <h2 className="text-lg font-semibold">{quest.title}</h2>
            <p className="mt-1 text-sm font-medium text-green-800">Prize: {quest.prize}</p>
            <div className="mt-2">
              <QuestDescription text={quest.description} />
            </div>
            <DeleteQuest quest={quest} onDeleted={() => void revalidator.revalidate()} />
          </li>
        ))}
      </ul>
    </>
  );
}
