/**
 * The only script of a static page (decisions 030 and 070): an inline module that waits for the
 * parsed, painted document, then imports the islands entry, which attaches the page's behaviours
 * and hydrates a contact form alone when it is used.
 */
export function islandsBootstrap(islandsEntry: string): string {
  return `${WAIT}await import(${json(islandsEntry)});`;
}

const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

// Two frames after the whole document was parsed: by the second, the first (which laid out and
// painted it) has gone to the compositor, so the script cannot finish downloading before the
// largest paint is shown; Lighthouse's LCP counts only requests that finished before it. A
// hidden tab gets no frames and goes on at once.
const WAIT =
  "await new Promise((go) => {" +
  'const next = () => document.visibilityState === "visible" ? requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go))) : setTimeout(go);' +
  'if (document.readyState === "loading") addEventListener("DOMContentLoaded", next, { once: true }); else next();' +
  "});";
