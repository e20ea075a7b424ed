import { serialize } from "hono/utils/cookie";
import { type AppLoadContext, data, redirect } from "react-router";
import { SESSION_COOKIE_PLAIN, sessionCookieName } from "../../../contract/session-cookie";
import { originMatches } from "../../../server/platform/http/origin";
import { SESSION_COOKIE_OPTIONS } from "../../../server/platform/http/session-cookie";
import { currentAdmin, sessionToken } from "./session.server";

/**
 * The sidebar's Logout, a plain form post (a resource route: an action only): the auth service's
 * logout the API's POST /api/admin/logout calls, the session cookie cleared as that call clears it,
 * then the login page. A session that had already ended goes to the login page all the same. The
 * Origin must be this site's (a cross-site form must not sign the admin out).
 */
export async function logoutAction(request: Request, context: AppLoadContext) {
  if (
    !originMatches(
      request.headers.get("origin") ?? undefined,
      request.headers.get("host") ?? undefined,
      context.config,
      request.headers.get("sec-fetch-site"),
    )
  ) {
    throw data("This request must come from the admin pages of this site.", { status: 403 });
  }
  const token = sessionToken(request, context.https);
  const admin = await currentAdmin(request, context);
  if (token && admin) await context.services.auth.logout(token, admin.id, context.clientIp);
  const headers = new Headers({ "Cache-Control": "no-store" });
  const gone = { ...SESSION_COOKIE_OPTIONS, maxAge: 0, expires: new Date(0) };
  headers.append("Set-Cookie", serialize(sessionCookieName(context.https), "", { ...gone, secure: context.https }));
  if (context.https) headers.append("Set-Cookie", serialize(SESSION_COOKIE_PLAIN, "", { path: "/", maxAge: 0, expires: new Date(0) }));
  return redirect("/login", { headers });
}
