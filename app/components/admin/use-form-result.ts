import { useEffect, useRef } from "react";
import type { FormResult } from "../../lib/form-result";

/**
 * Results already answered, by identity: a keyed fetcher keeps its data when its form is mounted
 * again (a revalidated loader can re-key the form), and the new form must not toast it a second time.
 */
const handled = new WeakSet<object>();

/**
 * Calls `onResult` once per new result of an admin action: a fetcher's data when it has settled
 * (with JavaScript). Toasts and form resets live in `onResult`, so they run once per submit, not on
 * every render. (After a plain post without JavaScript the page renders its action data itself.)
 */
export function useFormResult<T>(result: FormResult<T> | undefined, settled: boolean, onResult: (result: FormResult<T>) => void) {
  const handler = useRef(onResult);
  useEffect(() => {
    handler.current = onResult;
  });
  useEffect(() => {
    if (!settled || !result || handled.has(result)) return;
    handled.add(result);
    handler.current(result);
  }, [result, settled]);
}
