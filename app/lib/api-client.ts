import { ApiErrorSchema } from "../../contract/common";
import { reauthenticate } from "./reauth";

/** An API answer that was not a success: the server's human message and its per-field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type ApiOptions = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  json?: unknown;
  signal?: AbortSignal;
  /** Set by the login calls themselves: their 401 is a wrong password, not an expired session. */
  noReauth?: boolean;
};

/**
 * The admin pages' only way to the JSON API. The session cookie is HttpOnly, so the browser sends
 * it (same-origin credentials); X-Requested-With is the server's CSRF rule for cookie-authenticated
 * changes. Any answer that is not 2xx becomes a thrown ApiError carrying the server's message, and a
 * network failure a TypeError, so callers can tell the two apart. A 401 (the session ended) first
 * offers the login dialog (app/lib/reauth.ts) and repeats the call once after a successful login.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || options.noReauth || options.signal?.aborted) throw error;
    if (!(await reauthenticate())) throw error;
    return send<T>(path, { ...options, noReauth: true });
  }
}

async function send<T>(path: string, options: ApiOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: options.method ?? (options.json === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: options.signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(body);
    if (parsed.success) throw new ApiError(parsed.data.message, response.status, parsed.data.errors);
    throw new ApiError(`The server answered ${response.status}.`, response.status);
  }
  if (body && typeof body === "object" && (body as { status?: unknown }).status === "error") {
    const parsed = ApiErrorSchema.safeParse(body);
    throw new ApiError(
      parsed.success ? parsed.data.message : "The server reported an error.",
      response.status,
      parsed.success ? parsed.data.errors : {},
    );
  }
  return body as T;
}

/** The message to show for a failed call: the server's sentence, or a generic one for a network failure. */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);
