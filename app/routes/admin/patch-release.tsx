import { PatchForm } from "../../components/admin/patch-form";
import { ScreenError } from "../../components/admin/screen-error";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/patch-release";
import { patchReleaseAction } from "./patch-release.server";
import { requireAdminPage } from "./session.server";

// The products and their versions to choose from are read in the loader (decision 017).
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { details: await context.services.products.versionDetails() };
}

export const action = ({ request, context }: Route.ActionArgs) => patchReleaseAction(request, context);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction, "the server could not be reached.");

export default function PatchRelease({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <title>Patch Release | Admin</title>
      <h1 className="text-2xl font-bold">Create Patch Version Release</h1>
      <PatchForm details={loaderData.details} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <title>Patch Release | Admin</title>
      <h1 className="text-2xl font-bold">Create Patch Version Release</h1>
      <ScreenError error={error} what="the products" />
    </>
  );
}
