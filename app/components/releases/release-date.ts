/** "26 Nov 2026": the day a release was published, in UTC so every visitor reads the same date. */
export const releaseDate = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }) : "";
