import type { Context } from "hono";
import type { Config } from "../config";

/**
 * True when the request carries no Origin (same-origin navigations of older browsers, curl) or
 * one that matches this site: PUBLIC_ORIGIN when set, else the Host the request was sent to. A
 * browser that says the request comes from another site (`Sec-Fetch-Site: cross-site`) is refused
 * even without an Origin, as a foreign Origin is.
 */
export function originAllowed(c: Context, config: Pick<Config, "PUBLIC_ORIGIN">): boolean {
  return originMatches(c.req.header("origin"), c.req.header("host"), config, c.req.header("sec-fetch-site"));
}

/** The same rule on plain header values, for the page actions (app/routes/admin/admin-action.server.ts). */
export function originMatches(
  origin: string | undefined,
  host: string | undefined,
  config: Pick<Config, "PUBLIC_ORIGIN">,
  fetchSite?: string | null,
): boolean {
  if (fetchSite?.trim().toLowerCase() === "cross-site") return false;
  if (!origin) return true;
  if (config.PUBLIC_ORIGIN) return origin === new URL(config.PUBLIC_ORIGIN).origin;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
