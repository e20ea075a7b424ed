import type { FormResult } from "../../lib/form-result";
import { useHydrated } from "./use-hydrated";

/**
 * After a plain post (no JavaScript, so no toast) the page comes back with the action's answer: this
 * says it, as a status or an alert. With JavaScript the screen's fetcher shows a toast instead.
 */
export function FormOutcome({ result }: { result?: FormResult<unknown> }) {
  const hydrated = useHydrated();
  if (hydrated || !result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={`mt-3 text-sm ${result.ok ? "text-green-800" : "text-red-700"}`}>
      {result.message}
    </p>
  );
}
