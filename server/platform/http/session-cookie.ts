import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE_PLAIN, sessionCookieName } from "../../../contract/session-cookie";

/**
 * Over HTTPS only the __Host- cookie counts: a plain `session_id` can be planted by a sibling
 * subdomain or an answer over plain HTTP (session fixation), the prefix cannot.
 */
export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookieName(c.get("https")));
}

/** The session cookie's attributes wherever it is set or cleared (the API here, the login and logout page actions). */
export const SESSION_COOKIE_OPTIONS = { httpOnly: true, sameSite: "Lax", path: "/" } as const;

/** `maxAgeSeconds`: the session's absolute lifetime, so the browser drops the cookie when the server would. */
export function setSessionCookie(c: Context, token: string, https: boolean, maxAgeSeconds: number): void {
  setCookie(c, sessionCookieName(https), token, { ...SESSION_COOKIE_OPTIONS, secure: https, maxAge: maxAgeSeconds });
}

export function clearSessionCookie(c: Context, https: boolean): void {
  // The name already carries __Host-: hono's `prefix: "host"` would prepend it a second time and
  // leave the real cookie in the browser.
  deleteCookie(c, sessionCookieName(https), { ...SESSION_COOKIE_OPTIONS, secure: https });
  if (https) deleteCookie(c, SESSION_COOKIE_PLAIN, { path: "/" });
}

/** The token from `Authorization: Bearer <t>` or the bare token, as the original client sends it. */
export function readAuthorizationToken(c: Context): string | undefined {
  const header = c.req.header("authorization")?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return token || undefined;
}
