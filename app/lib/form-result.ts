/**
 * What every page action answers, with JavaScript (a fetcher's data) or without (the page re-rendered
 * with its action data): a sentence, on failure the field errors by path ("email", "features.1") that
 * the form shows beside its fields, and the value a screen needs besides (a created id, what was typed).
 * `intent` names the form that posted, when one page has several.
 */
export type FormResult<T = undefined> =
  | { ok: true; message: string; intent?: string; value?: T }
  | { ok: false; message: string; errors: Record<string, string>; intent?: string; value?: T };
