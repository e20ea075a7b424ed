import { Link } from "react-router";
import { QuestListSchema } from "../../../contract/quests";
import { QuestDescription } from "../../components/admin/quest-form";
import { useApiData } from "../../components/admin/use-api-data";

const parseQuests = (raw: unknown) => QuestListSchema.parse(raw).quests;

export default function Quests() {
  const quests = useApiData("/api/devquests", parseQuests);
  return (
    <>
      <title>Quests | Admin</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Quests</h1>
        <Link to="/dev-quest-add" className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Add New Module
        </Link>
      </div>
      {quests.loading && !quests.data ? (
        <p className="mt-6" role="status">
          Loading...
        </p>
      ) : null}
      {quests.error ? (
        <p className="mt-6 text-red-700" role="alert">
          Could not load the quests: {quests.error}
        </p>
      ) : null}
      {quests.data && quests.data.length === 0 ? <p className="mt-6 text-slate-700">No modules yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {(quests.data ?? []).map((quest) => (
          <li key={quest.id} className="rounded-lg bg-white p-4 shadow">
            <h2 className="text-lg font-semibold">{quest.title}</h2>
            <p className="mt-1 text-sm font-medium text-green-800">Prize: {quest.prize}</p>
            <div className="mt-2">
              <QuestDescription text={quest.description} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
