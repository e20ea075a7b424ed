import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { HttpError } from "../platform/http/errors";
import { originAllowed } from "../platform/http/origin";
import { readAuthorizationToken, readSessionCookie } from "../platform/http/session-cookie";
import type { SessionAdmin } from "../platform/actor";

export type AdminEnv = AppEnv & { Variables: AppEnv["Variables"] & { admin: SessionAdmin; sessionToken: string } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requires a valid admin session, from the Authorization header or the session cookie.
 * CSRF rule: a cookie-authenticated change must carry
 * X-Requested-With: XMLHttpRequest (a cross-site form cannot) and, when sent, a matching Origin.
 * A header-authenticated call cannot be forged cross-site, so it needs neither.
 */
export const requireAdmin = adminGuard({ beforeEnrolment: false });

/**
 * The guard of the few operations an admin still needs before enrolling a second factor when
 * ADMIN_MFA_REQUIRED is set: the session check, logout, the Account screen's reads and the enrolment
 * itself (the operations declared with `beforeEnrolment: true`). Every other admin operation answers 403.
 */
export const requireAdminBeforeEnrolment = adminGuard({ beforeEnrolment: true });

function adminGuard({ beforeEnrolment }: { beforeEnrolment: boolean }) {
  return createMiddleware<AdminEnv>(async (c, next) => {
    const auth = c.get("services").auth;
    const headerToken = readAuthorizationToken(c);
    const cookieToken = readSessionCookie(c);
    let admin = headerToken ? await auth.sessionAdmin(headerToken) : null;
    let token = headerToken;
    let viaCookie = false;
    if (!admin && cookieToken) {
      admin = await auth.sessionAdmin(cookieToken);
      token = cookieToken;
      viaCookie = true;
    }
    if (!admin || !token) throw new HttpError(401, "Please log in as an administrator.");
    if (viaCookie && !SAFE_METHODS.has(c.req.method)) {
      if (c.req.header("x-requested-with") !== "XMLHttpRequest" || !originAllowed(c, c.get("config"))) {
        throw new HttpError(403, "This request must come from the admin pages of this site.");
      }
    }
    if (!beforeEnrolment) await c.get("services").account.requireEnrolled(admin.id);
    c.set("admin", admin);
    c.set("sessionToken", token);
    await next();
  });
}
