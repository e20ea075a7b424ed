import type { Context } from "hono";
import type { Config } from "../config";

/**
 * True when the request carries no Origin (same-origin navigations of older browsers, curl) or
 * one that matches this site: PUBLIC_ORIGIN when set, else the Host the request was sent to.
 */
export function originAllowed(c: Context, config: Pick<Config, "PUBLIC_ORIGIN">): boolean {
  return originMatches(c.req.header("origin"), c.req.header("host"), config);
}

/** The same rule on plain header values, for the page actions (app/routes/admin/admin-action.server.ts). */
export function originMatches(origin: string | undefined, host: string | undefined, config: Pick<Config, "PUBLIC_ORIGIN">): boolean {
  if (!origin) return true;
  if (config.PUBLIC_ORIGIN) return origin === new URL(config.PUBLIC_ORIGIN).origin;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
