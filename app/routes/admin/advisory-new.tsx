import { Link } from "react-router";
import { AdvisoryForm } from "../../components/admin/advisory-form";
import type { Route } from "./+types/advisory-new";
import { newAdvisoryAction, newAdvisoryLoader } from "./advisories.server";

export const loader = ({ request, context }: Route.LoaderArgs) => newAdvisoryLoader(request, context);
export const action = ({ request, context }: Route.ActionArgs) => newAdvisoryAction(request, context);

/** /dashboard/advisories/new: a new advisory, saved as a draft (published from its own screen). */
export default function NewAdvisory({ loaderData: { products }, actionData }: Route.ComponentProps) {
  return (
    <>
      <title>New advisory | Advisories | Admin</title>
      <p className="text-sm">
        <Link to="/dashboard/advisories" className="text-blue-800 underline">
          Advisories
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">New advisory</h1>
      <AdvisoryForm products={products} result={actionData} submitLabel="Save draft" />
    </>
  );
}
