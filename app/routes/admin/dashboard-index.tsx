import { redirect } from "react-router";
import type { Route } from "./+types/dashboard-index";
import { requireAdminPage } from "./session.server";

// /dashboard has no screen of its own: the guard first, then the overview.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  throw redirect("/dashboard/overview");
}

export default function DashboardIndex() {
  return null;
}
