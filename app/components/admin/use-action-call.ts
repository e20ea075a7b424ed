import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * A route action called from an event handler and answered as a promise, for forms whose steps
 * follow one another (the login's password, then its second step): each answer decides what the
 * page shows next, and the handler that sent it keeps the busy state and the focus.
 */
export function useActionCall<T>(action: string): (form: FormData) => Promise<T> {
  const fetcher = useFetcher<T>();
  const waiting = useRef<((answer: T) => void) | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || !waiting.current) return;
    const resolve = waiting.current;
    waiting.current = null;
    resolve(fetcher.data as T);
  }, [fetcher.state, fetcher.data]);
  return (form) =>
    new Promise<T>((resolve) => {
      waiting.current = resolve;
      void fetcher.submit(form, { method: "post", action });
    });
}
