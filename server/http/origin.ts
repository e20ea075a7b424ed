import type { Context } from "hono";
import type { Config } from "../config";

/**
 * True when the request carries no Origin (same-origin navigations of older browsers, curl) or
 * one that matches this site: PUBLIC_ORIGIN when set, else the Host the request was sent to.
 */
export function originAllowed(c: Context, config: Pick<Config, "PUBLIC_ORIGIN">): boolean {
  const origin = c.req.header("origin");
  if (!origin) return true;
  if (config.PUBLIC_ORIGIN) return origin === new URL(config.PUBLIC_ORIGIN).origin;
  const host = c.req.header("host");
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
