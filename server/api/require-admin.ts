import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { HttpError } from "../http/errors";
import { originAllowed } from "../http/origin";
import { readAuthorizationToken, readSessionCookie } from "../http/session-cookie";
import type { SessionAdmin } from "../services/auth";

export type AdminEnv = AppEnv & { Variables: AppEnv["Variables"] & { admin: SessionAdmin; sessionToken: string } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requires a valid admin session, from the Authorization header or the session cookie.
 * CSRF rule (PRODUCT.md section 3): a cookie-authenticated change must carry
 * X-Requested-With: XMLHttpRequest (a cross-site form cannot) and, when sent, a matching Origin.
 * A header-authenticated call cannot be forged cross-site, so it needs neither.
 */
export const requireAdmin = createMiddleware<AdminEnv>(async (c, next) => {
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
  c.set("admin", admin);
  c.set("sessionToken", token);
  await next();
});
