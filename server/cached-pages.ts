import type { CachedPage } from "./platform/http/page-cache";
import type { PageTopic } from "./platform/page-topics";

/**
 * Public pages whose answer is the same for every visitor without a session, kept in memory per
 * change (server/platform/http/page-cache.ts, docs/decisions/102-public-page-cache.md). A page
 * belongs here only when its HTML carries nothing of the visitor: no session, no CSRF value, no
 * flash message, nothing read from a cookie or a header. Adding one is one line: its route
 * pattern and the topics whose writes change it ([] for a page that changes only with a deploy).
 */
export const cachedPages: readonly (CachedPage & { topics: readonly PageTopic[] })[] = [
  { path: "/releases/:productId", topics: ["catalogue", "advisories"] },
  { path: "/releases/:productId/feed.xml", topics: ["catalogue"] },
  { path: "/products/cyber/webtools/dirx", topics: ["catalogue"] },
  { path: "/sitemap.xml", topics: ["catalogue", "quests", "advisories"] },
  { path: "/quests", topics: ["quests", "catalogue"] },
  { path: "/quests/hall-of-fame", topics: ["quests"] },
  { path: "/quests/:id", topics: ["quests", "catalogue"] },
  { path: "/security/advisories", topics: ["advisories", "catalogue"] },
  { path: "/security/advisories/feed.xml", topics: ["advisories", "catalogue"] },
  { path: "/security/advisories/:id", topics: ["advisories", "catalogue"] },
  { path: "/Blog/feed.xml", topics: [] },
  { path: "/account/sign-in", topics: [] },
  { path: "/login", topics: [] },
];
