/** Where a login sends the admin when no (acceptable) `next` is given. */
export const DEFAULT_AFTER_LOGIN = "/dashboard/overview";

const BASE = "http://same.site";
const MAX_LENGTH = 2000;
/** The only places a login may return to: the admin screens (see app/routes/admin-routes.ts). */
const ADMIN_ROOTS = ["/dashboard", "/dev-quest-add"];
/** After decoding, a path of visible ASCII only: no controls, spaces, backslashes or look-alike Unicode. */
const PLAIN_PATH = /^[\x21-\x5b\x5d-\x7e]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const underAdminRoot = (path: string) => ADMIN_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));

/**
 * The `?next=` of /login, kept only when it names an admin screen of this site: "/dashboard/coupons?q=A".
 * The value is resolved as the browser would (dot segments, including encoded ones like "%2e%2e"), and
 * the resolved path, decoded once more, must still be a plain path under /dashboard or /dev-quest-add
 * with no empty or dot segments. Anything else ("/.//evil.example", "/%2e%2e//evil.example",
 * "https://…", "javascript:…", backslashes, tabs, encoded slashes) becomes the overview, so neither the
 * login page's redirect nor its script is an open redirect.
 */
export function safeNext(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_LENGTH || !raw.startsWith("/") || CONTROL.test(raw) || raw.split(/[?#]/)[0].includes("\\")) {
    return DEFAULT_AFTER_LOGIN;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  const path = decoded(url.pathname);
  if (url.origin !== BASE || path === null || !PLAIN_PATH.test(path) || !underAdminRoot(path)) return DEFAULT_AFTER_LOGIN;
  // Every segment named: no "." or "..", no empty one ("//"); only a trailing slash is fine.
  const segments = path.slice(1).replace(/\/$/, "").split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return DEFAULT_AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login?next=<this page>, for a guard that sends a logged-out admin to log in first. */
export function loginPathFor(pathWithSearch: string): string {
  const next = safeNext(pathWithSearch);
  return next === DEFAULT_AFTER_LOGIN ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}
