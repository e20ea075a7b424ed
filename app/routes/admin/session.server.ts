import { type AppLoadContext, redirect } from "react-router";
import { loginPathFor } from "../../lib/safe-next";

// The session cookie's name: __Host- prefixed over HTTPS, plain over HTTP (server/http/session-cookie.ts).
// Over HTTPS the plain one is not read: anyone who can set a cookie for a sibling host could plant it.
const cookieName = (https: boolean) => (https ? "__Host-session_id" : "session_id");

/** The session token from the request's Cookie header, if any. */
export function sessionToken(request: Request, https: boolean): string | undefined {
  const pairs = (request.headers.get("cookie") ?? "").split(";").map((part) => {
    const at = part.indexOf("=");
    return at < 0 ? ["", ""] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const value = pairs.find(([key]) => key === cookieName(https))?.[1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The admin behind this request's session cookie, or null. */
export const currentAdmin = (request: Request, context: AppLoadContext) =>
  context.services.auth.sessionAdmin(sessionToken(request, context.https));

/**
 * The server-side guard of every admin screen (PRODUCT.md section 6): without a valid session the
 * answer is a redirect to /login, sent before any admin HTML or data. The page asked for rides along
 * as `?next=` so the login returns there (app/lib/safe-next.ts decides what is acceptable).
 */
export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const admin = await currentAdmin(request, context);
  if (!admin) {
    const url = new URL(request.url);
    // A client navigation's data request carries React Router's ".data" suffix; the page is without it.
    const path = url.pathname.replace(/\.data$/, "");
    url.searchParams.delete("_routes");
    throw redirect(loginPathFor(`${path}${url.search}`), { headers: { "Cache-Control": "no-store" } });
  }
  return admin;
}
