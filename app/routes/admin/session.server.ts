import { parse } from "hono/utils/cookie";
import { type AppLoadContext, redirect } from "react-router";
import { sessionCookieName } from "../../../contract/session-cookie";
import type { SessionAdmin } from "../../../server/features/identity";
import { loginPathFor } from "../../lib/safe-next";

/** The session token from the request's Cookie header (hono's parser, as the API reads it), if any. */
export function sessionToken(request: Request, https: boolean): string | undefined {
  const name = sessionCookieName(https);
  return parse(request.headers.get("cookie") ?? "", name)[name] || undefined;
}

/**
 * Each page request's session lookup: React Router hands the layout's and the screen's loaders the
 * same Request. Kept with the services that answered it, so a Request object used again with other
 * services (as unit tests do) is looked up again rather than answered from another world.
 */
const lookups = new WeakMap<Request, { auth: unknown; admin: Promise<SessionAdmin | null> }>();

/**
 * The admin behind this request's session cookie, or null. A GET runs the admin layout's loader and
 * the screen's side by side, both asking: the session is looked up once per request (decision 065).
 * Not for other methods: an action may change the session before the loaders run.
 */
export function currentAdmin(request: Request, context: AppLoadContext): Promise<SessionAdmin | null> {
  const auth = context.services.auth;
  const cacheable = request.method === "GET" || request.method === "HEAD";
  const known = cacheable ? lookups.get(request) : undefined;
  if (known && known.auth === auth) return known.admin;
  const admin = auth.sessionAdmin(sessionToken(request, context.https));
  if (cacheable) lookups.set(request, { auth, admin });
  return admin;
}

const NO_STORE = { "Cache-Control": "no-store" };
const ACCOUNT_PATH = "/dashboard/account";

/**
 * The server-side guard of every admin screen: without a valid session the
 * answer is a redirect to /login, sent before any admin HTML or data. The page asked for rides along
 * as `?next=` so the login returns there (app/lib/safe-next.ts decides what is acceptable); a
 * data-only route names the screen to return to in `loginNext` instead.
 * With ADMIN_MFA_REQUIRED, an admin without a second factor is sent to the Account screen to enrol
 * from anywhere else (the same rule as the API's guard, server/api/require-admin.ts).
 */
export async function requireAdminPage(request: Request, context: AppLoadContext, options: { loginNext?: string } = {}) {
  const admin = await currentAdmin(request, context);
  // React Router hands loaders the page's own URL, a client navigation's data request included.
  const url = new URL(request.url);
  const path = url.pathname;
  if (!admin) {
    throw redirect(loginPathFor(options.loginNext ?? `${path}${url.search}`), { headers: NO_STORE });
  }
  if (path !== ACCOUNT_PATH && (await context.services.account.mustEnrol(admin.id))) {
    throw redirect(`${ACCOUNT_PATH}?enrol=required`, { headers: NO_STORE });
  }
  return admin;
}
