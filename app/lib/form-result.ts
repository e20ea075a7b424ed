/**
 * What an admin page action answers, with JavaScript (a fetcher's data) or without (the page
 * re-rendered with its action data): a sentence, and on failure the field errors the form shows.
 */
export type FormResult<T = undefined> =
  | { ok: true; message: string; intent?: string; value?: T }
  | { ok: false; message: string; errors: Record<string, string>; intent?: string };
