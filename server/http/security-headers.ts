import { randomBytes } from "node:crypto";

/** A fresh CSP nonce for one server-rendered response. */
export const newNonce = () => randomBytes(16).toString("base64");

/**
 * The Content-Security-Policy of HTML pages. Scripts run only with this response's nonce (SSR) or
 * with the hash of an inline script of a prerendered page; never 'unsafe-inline'.
 */
export function contentSecurityPolicy(scriptSources: string[], connectSources: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // React sets style attributes (progress bars, chart sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectSources.join(" ")}`.trim(),
    // Videos load their player only after a click, from the privacy-enhanced host.
    "frame-src https://www.youtube-nocookie.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The CSP of a server-rendered page. In development Vite adds inline scripts without the nonce
 * (the React refresh preamble) and talks to its HMR server over a WebSocket on another port, so
 * inline scripts are allowed there, and only there. Without a page CSP the response would get
 * NOTHING_RUNS_CSP and `npm run dev` would show pages that never hydrate.
 */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return development ? contentSecurityPolicy(["'unsafe-inline'"], ["ws:", "wss:"]) : contentSecurityPolicy([`'nonce-${nonce}'`]);
}

/** The CSP of API answers and non-HTML files: nothing in them may run or be framed. */
export const NOTHING_RUNS_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries, as a flat [name, value, …] list. HSTS only over HTTPS. */
export function securityHeaderEntries(https: boolean): string[] {
  const entries = [
    "X-Content-Type-Options",
    "nosniff",
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
    "X-Frame-Options",
    "DENY",
    "Cross-Origin-Opener-Policy",
    "same-origin",
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=()",
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
