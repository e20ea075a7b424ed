import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Config } from "../config";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** The socket's peer address; "unknown" when there is no socket (app.request() in tests). */
export function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Whether the socket peer is the reverse proxy named by TRUST_PROXY. */
export function fromTrustedProxy(config: Pick<Config, "TRUST_PROXY">, peer: string): boolean {
  const trusted = config.TRUST_PROXY;
  return Boolean(trusted && (trusted === peer || (trusted === "loopback" && LOOPBACK.has(peer))));
}

/**
 * The client's IP. X-Forwarded-For is believed only when the socket peer is the proxy named by
 * TRUST_PROXY ("loopback" for a proxy on this machine); then its last entry is the client the
 * proxy saw. Anything else could be forged by the client.
 */
export function clientIp(c: Context, config: Pick<Config, "TRUST_PROXY">, peer: string = socketAddress(c)): string {
  return clientIpOf(config, peer, c.req.header("x-forwarded-for"));
}

/** `clientIp` from the two facts it needs. */
export function clientIpOf(config: Pick<Config, "TRUST_PROXY">, peer: string, forwardedFor: string | string[] | undefined): string {
  if (fromTrustedProxy(config, peer)) {
    const last = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)?.split(",").pop()?.trim();
    if (last) return last;
  }
  return peer;
}

/**
 * Whether the client reached us over HTTPS: the connection itself is TLS, or the socket peer is the
 * proxy named by TRUST_PROXY and says its client used HTTPS.
 */
export function connectionIsHttps(
  config: Pick<Config, "TRUST_PROXY">,
  tls: boolean,
  peer: string,
  forwardedProto: string | string[] | undefined,
): boolean {
  return tls || (fromTrustedProxy(config, peer) && forwardedProto === "https");
}

/** `connectionIsHttps` for a Hono request (its URL says https when the socket is TLS, or in tests). */
export function isHttps(c: Context, config: Pick<Config, "TRUST_PROXY">, peer: string = socketAddress(c)): boolean {
  return connectionIsHttps(config, c.req.url.startsWith("https:"), peer, c.req.header("x-forwarded-proto"));
}
