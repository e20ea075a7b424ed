import { randomBytes } from "node:crypto";

/** A fresh CSP nonce for one server-rendered response. */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The Content-Security-Policy of HTML pages. Scripts run only with this response's nonce (SSR) or
 * with the hash of an inline script of a prerendered page; never 'unsafe-inline'.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // React sets style attributes (progress bars, chart sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Videos load their player only after a click, from the privacy-enhanced host.
    "frame-src https://www.youtube-nocookie.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The CSP of API answers and non-HTML files: nothing in them may run or be framed. */
export const NOTHING_RUNS_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries, as a flat [name, value, …] list. HSTS only over HTTPS. */
export function securityHeaderEntries(https: boolean): string[] {
  const entries = [
    "X-Content-Type-Options", "nosniff",
    "Referrer-Policy", "strict-origin-when-cross-origin",
    "X-Frame-Options", "DENY",
    "Cross-Origin-Opener-Policy", "same-origin",
    "Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()",
  ];
  if (https) entries.push("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return entries;
}

const PLAIN = securityHeaderEntries(false);
const HTTPS = securityHeaderEntries(true);

/** Sets the headers every response carries, and the nothing-runs CSP where the response set none. */
export function baseSecurityHeaders(headers: Headers, https: boolean): void {
  const entries = https ? HTTPS : PLAIN;
  for (let i = 0; i < entries.length; i += 2) headers.set(entries[i], entries[i + 1]);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NOTHING_RUNS_CSP);
}
