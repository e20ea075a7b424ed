// The admin session cookie's name, one copy for the API and the page loaders.
// Over HTTPS it is __Host- prefixed (pinned to this host, Secure, Path=/) and the plain name is not
// read at all: a sibling subdomain or a plain-HTTP answer could plant it (session fixation).
export const SESSION_COOKIE_PLAIN = "session_id";
export const SESSION_COOKIE_HTTPS = "__Host-session_id";

export const sessionCookieName = (https: boolean) => (https ? SESSION_COOKIE_HTTPS : SESSION_COOKIE_PLAIN);
