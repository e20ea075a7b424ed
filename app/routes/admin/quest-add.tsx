import { Link } from "react-router";
import { QuestForm } from "../../components/admin/quest-form";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/quest-add";
import { questAddAction } from "./quests.server";

export const action = ({ request, context }: Route.ActionArgs) => questAddAction(request, context);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction);

export default function QuestAdd() {
  return (
    <>
      <title>Add New Module | Admin</title>
      <h1 className="text-2xl font-bold">Add New Module</h1>
      <p className="mt-2 text-slate-700">
        All fields are required. Existing modules are listed under{" "}
        <Link className="text-blue-800 underline" to="/dashboard/quests">
          Quests
        </Link>
        .
      </p>
      <QuestForm />
    </>
  );
}
