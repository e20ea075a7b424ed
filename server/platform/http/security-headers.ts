import { randomBytes } from "node:crypto";

/** A fresh CSP nonce for one server-rendered response. */
export const newNonce = () => randomBytes(16).toString("base64");

/** Hosts one page adds to the policy (the Razorpay checkout page); every other page adds none. */
export type ExtraSources = { script?: string[]; connect?: string[]; frame?: string[]; img?: string[] };

/**
 * Razorpay's Standard Checkout: its script, the iframe it opens, the calls and images inside it.
 * Allowed on the checkout page alone, and only when PAYMENT_PROVIDER=razorpay.
 */
export const RAZORPAY_SOURCES: ExtraSources = {
  script: ["https://checkout.razorpay.com"],
  frame: ["https://api.razorpay.com", "https://checkout.razorpay.com"],
  connect: ["https://api.razorpay.com", "https://lumberjack.razorpay.com"],
  img: ["https://cdn.razorpay.com"],
};

/** /checkout/:productId, the one page that may load Razorpay's checkout (not the sandbox, not the receipt). */
export const isRazorpayCheckoutPath = (path: string) => /^\/checkout\/(?!test-pay\/?$|receipt\/)[^/]+\/?$/.test(path);

/**
 * The Content-Security-Policy of HTML pages. Scripts run only with this response's nonce (SSR) or
 * with the hash of an inline script of a prerendered page; never 'unsafe-inline'.
 */
export function contentSecurityPolicy(scriptSources: string[], connectSources: string[] = [], extra: ExtraSources = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, ...(extra.script ?? [])].join(" ")}`.trim(),
    // React sets style attributes (progress bars, chart sizes); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${(extra.img ?? []).join(" ")}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${[...connectSources, ...(extra.connect ?? [])].join(" ")}`.trim(),
    // Videos load their player only after a click, from the privacy-enhanced host.
    `frame-src https://www.youtube-nocookie.com ${(extra.frame ?? []).join(" ")}`.trim(),
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
export function pageContentSecurityPolicy(nonce: string, development: boolean, extra: ExtraSources = {}): string {
  return development
    ? contentSecurityPolicy(["'unsafe-inline'"], ["ws:", "wss:"], extra)
    : contentSecurityPolicy([`'nonce-${nonce}'`], [], extra);
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

/**
 * Razorpay's checkout page: its script opens payment windows (netbanking, wallets, 3-D Secure) that
 * report back to the page through `window.opener`, which COOP `same-origin` would cut. That page
 * alone (with PAYMENT_PROVIDER=razorpay) keeps the opener of the windows it opens.
 */
export const RAZORPAY_OPENER_POLICY = "same-origin-allow-popups";

/**
 * Sets the headers every response carries, and the nothing-runs CSP where the response set none.
 * A Cross-Origin-Opener-Policy the page set (the Razorpay checkout's) is kept.
 */
export function baseSecurityHeaders(headers: Headers, https: boolean): void {
  const entries = https ? HTTPS : PLAIN;
  for (let i = 0; i < entries.length; i += 2) {
    if (entries[i] === "Cross-Origin-Opener-Policy" && headers.has(entries[i])) continue;
    headers.set(entries[i], entries[i + 1]);
  }
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NOTHING_RUNS_CSP);
}
