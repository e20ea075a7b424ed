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

/** Headers every response carries. HSTS only when the request came over HTTPS. */
export function baseSecurityHeaders(headers: Headers, https: boolean): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (!headers.has("Content-Security-Policy")) {
    // API answers and files: nothing in them may run or be framed.
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
}
