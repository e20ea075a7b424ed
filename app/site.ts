import type { SiteFacts } from "../contract/site-config";

// Company facts for pages, set per deployment when the server starts.
// On the server they come from the parsed config (SITE_CONFIG_FILE, PUBLIC_ORIGIN): server/app.ts
// puts them on globalThis, the one bridge between the Hono bundle and React Router's server build.
// In the browser they come from the JSON the root layout writes into every page (SiteFactsScript),
// so hydration renders exactly what the server rendered. Read `site.x` at render time, never at
// module load: the values are not known when modules are evaluated.
declare global {
  var __SITE_FACTS__: SiteFacts | undefined;
}

export const SITE_FACTS_ELEMENT_ID = "site-facts";

let browserFacts: SiteFacts | undefined;

function current(): SiteFacts {
  if (typeof document === "undefined") {
    const facts = globalThis.__SITE_FACTS__;
    if (!facts) throw new Error("Site facts are not set: the server sets them from SITE_CONFIG_FILE at start");
    return facts;
  }
  browserFacts ??= JSON.parse(document.getElementById(SITE_FACTS_ELEMENT_ID)?.textContent ?? "null") as SiteFacts;
  return browserFacts;
}

/** The facts of this deployment; every property is read live (see above). */
export const site: SiteFacts = new Proxy({} as SiteFacts, {
  get: (_target, key) => current()[key as keyof SiteFacts],
});

/** The facts as the JSON text of a data block (not executed, so no CSP hash): "<" escaped. */
export function siteFactsJson(): string {
  return JSON.stringify(current()).replace(/</g, "\\u003c");
}

/** `tel:` link target of a phone number as people write it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, "")}`;
