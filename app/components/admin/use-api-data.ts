import { useCallback, useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api-client";

type Loaded<T> = { key: string; data?: T; error?: string };

/**
 * Reads one admin API resource in the browser. `loading` is true until the answer for the current
 * path arrives (the previous data stays visible meanwhile); `reload()` fetches it again, e.g. after
 * a change. `parse` checks the answer against its contract schema.
 */
export function useApiData<T>(path: string | null, parse: (raw: unknown) => T) {
  const [tick, setTick] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ key: "" });
  const key = path ? `${tick}:${path}` : "";

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    api(path, { signal: controller.signal })
      .then((raw) => setLoaded({ key, data: parse(raw) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`GET ${path} failed`, error);
        setLoaded((previous) => ({ key, data: previous.data, error: errorMessage(error, "The server could not be reached.") }));
      });
    return () => controller.abort();
    // parse is a module-level schema function in every caller; the key covers path and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data: loaded.data, error: loaded.key === key ? loaded.error : undefined, loading: Boolean(path) && loaded.key !== key, reload };
}
