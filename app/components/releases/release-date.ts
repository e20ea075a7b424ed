import { formatDate } from "../../../contract/time";

/** "26 Nov 2026": the day a release was published, in India time like every date of the site. */
export const releaseDate = (iso: string | null): string => (iso ? formatDate(iso) : "");
