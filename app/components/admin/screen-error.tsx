import { isRouteErrorResponse } from "react-router";

/**
 * What an admin screen shows when its loader fails (decision 017): inside the admin layout, so the
 * sidebar and the session stay, with the reason and a way to try again; never an empty screen that
 * looks like "nothing there".
 */
export function ScreenError({ error, what }: { error: unknown; what: string }) {
  const reason = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : "";
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
      <p className="font-semibold">Could not load {what}.</p>
      <p className="mt-1 text-sm">{reason || "The server could not be reached."}</p>
      <p className="mt-2 text-sm">
        <a href="" className="text-blue-800 underline">
          Try again
        </a>
      </p>
    </div>
  );
}
