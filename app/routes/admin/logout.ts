import type { Route } from "./+types/logout";
import { logoutAction } from "./logout.server";

// The sidebar's Logout posts here (a resource route: an action only); see logout.server.ts.
export const action = ({ request, context }: Route.ActionArgs) => logoutAction(request, context);
