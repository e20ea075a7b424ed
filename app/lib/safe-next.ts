/** Where a login sends the admin when no (acceptable) `next` is given. */
export const DEFAULT_AFTER_LOGIN = "/dashboard/overview";

const BASE = "http://same.site";

/**
 * The `?next=` of /login, kept only when it is a relative path on this site: "/dashboard/coupons?q=A".
 * Anything that could leave the site ("//evil.example", "/\\evil.example", "https://…", "javascript:…",
 * control characters) or loop back to /login becomes the overview, so the login form is no open redirect.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000 || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (url.origin !== BASE || url.pathname === "/login") return DEFAULT_AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login?next=<this page>, for a guard that sends a logged-out admin to log in first. */
export const loginPathFor = (pathWithSearch: string) =>
  pathWithSearch === DEFAULT_AFTER_LOGIN ? "/login" : `/login?next=${encodeURIComponent(pathWithSearch)}`;
