import type { AppLoadContext } from "react-router";

/** The admin every harness session belongs to, and the actor the services are handed for it. */
export const HARNESS_ADMIN = { id: 7, email: "a@example.com" };
export const HARNESS_ACTOR = { adminId: 7, clientIp: "203.0.113.9" };

/**
 * A load context for calling an admin screen's action in a unit test: the session cookie
 * `session_id=good` is HARNESS_ADMIN's, the site is http://shop.test, and `services` are the
 * fakes the action under test reaches (they replace the harness's own account and auth); `config`
 * adds to the settings (PUBLIC_ORIGIN is unset unless given).
 */
export function adminActionContext(services: Record<string, unknown>, config: Record<string, unknown> = {}): AppLoadContext {
  return {
    https: false,
    clientIp: HARNESS_ACTOR.clientIp,
    config: { PUBLIC_ORIGIN: undefined, ...config },
    services: {
      account: { mustEnrol: async () => false },
      auth: { sessionAdmin: async (token?: string) => (token === "good" ? HARNESS_ADMIN : null) },
      ...services,
    },
  } as unknown as AppLoadContext;
}

/**
 * A same-origin form post of `fields` to `path` with the harness admin's cookie; `headers` override.
 * Pairs for a form that repeats a name (checkboxes: `[["os", "linux"], ["os", "mac"]]`).
 */
export const formPost = (path: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: "session_id=good", origin: "http://shop.test", host: "shop.test", ...headers },
  });

/** The same post with a JSON body, as a fetcher sends one with `encType: "application/json"`. */
export const jsonPost = (path: string, body: unknown) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { cookie: "session_id=good", origin: "http://shop.test", host: "shop.test", "content-type": "application/json" },
  });

/** An action's answer (a plain value, or React Router's `data()` with its status and headers) as one shape. */
export function answerOf(result: unknown) {
  if (result && typeof result === "object" && "init" in result) {
    const init = (result as { init: { status: number; headers?: HeadersInit } }).init;
    return { status: init.status, headers: new Headers(init.headers), body: (result as unknown as { data: unknown }).data };
  }
  return { status: 200, headers: new Headers(), body: result };
}

/**
 * A service's domain error as describeError reads it, by its `kind` (app/ reaches server code only
 * from .server modules, so a test fakes the error rather than importing the class).
 */
export function domainError(kind: string, message: string, fieldErrors?: Record<string, string>): Error {
  return Object.assign(new Error(message), { kind, fieldErrors });
}
