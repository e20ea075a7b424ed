import { useHydrated } from "./use-hydrated";

const utc = (d: Date, withTime: boolean) =>
  `${d
    .toISOString()
    .slice(0, withTime ? 16 : 10)
    .replace("T", " ")} UTC`;

/**
 * A moment in the admin's own time zone and language. The server does not know the browser's zone,
 * so the server-rendered HTML (and the first client render, to hydrate identically) says UTC, and the
 * local time replaces it once hydrated.
 */
export function LocalTime({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const d = new Date(iso);
  const text = hydrated
    ? d.toLocaleString(undefined, withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" })
    : utc(d, withTime);
  return (
    <time dateTime={iso} title={hydrated ? utc(d, true) : undefined}>
      {text}
    </time>
  );
}
