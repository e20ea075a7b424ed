import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { ClientMeta } from "../platform/actor";

/** Where a call comes from, for the session list and the audit log. */
export const clientMeta = <E extends AppEnv>(c: Context<E>): ClientMeta => ({
  clientIp: c.get("clientIp"),
  userAgent: c.req.header("user-agent") ?? null,
});

/** The origin this request was sent to, as the browser saw it (WebAuthn's expected origin without PUBLIC_ORIGIN). */
export function requestOrigin<E extends AppEnv>(c: Context<E>): string {
  const url = new URL(c.req.url);
  return `${c.get("https") ? "https:" : url.protocol}//${c.req.header("host") ?? url.host}`;
}
