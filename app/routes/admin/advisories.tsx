import { Link } from "react-router";
import { formatDateTime } from "../../../contract/time";
import { buttonClass } from "../../components/admin/form-field";
import type { Route } from "./+types/advisories";
import { advisoriesLoader } from "./advisories.server";

export const loader = ({ request, context }: Route.LoaderArgs) => advisoriesLoader(request, context);

/** /dashboard/advisories: the security advisories, drafts first, each with its status and the mails it sent. */
export default function Advisories({ loaderData: { advisories } }: Route.ComponentProps) {
  return (
    <>
      <title>Advisories | Admin</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Advisories</h1>
        <Link to="/dashboard/advisories/new" className={buttonClass}>
          New advisory
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        A draft is private. Publishing puts it on{" "}
        <Link to="/security/advisories" className="text-blue-800 underline">
          /security/advisories
        </Link>{" "}
        and mails every holder of a valid licence for an affected version, once.
      </p>
      {advisories.length ? (
        <ul className="mt-4 space-y-2" data-testid="advisories">
          {advisories.map((a) => (
            <li key={a.id} className="rounded bg-white p-3 shadow">
              <Link to={`/dashboard/advisories/${a.id}`} className="font-semibold text-blue-800 underline">
                <span className="font-mono">{a.id}</span>: {a.title}
              </Link>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-semibold">{a.status}</span> · {a.productName} · {a.severity} ({a.score}) ·{" "}
                {a.publishedAt ? `published ${formatDateTime(a.publishedAt)}` : `changed ${formatDateTime(a.modifiedAt)}`}
                {a.status !== "draft" ? ` · ${a.mailed === 1 ? "1 holder mailed" : `${a.mailed} holders mailed`}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">No advisories yet.</p>
      )}
    </>
  );
}
