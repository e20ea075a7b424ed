import { createContext, useContext } from "react";
import { Scripts, ScrollRestoration, useMatches } from "react-router";
import { islandsBootstrap } from "./islands-bootstrap";
import { useNonce } from "./nonce";

/**
 * The URL of the islands entry (decision 030), given by the server (entry.server.tsx). Empty in the
 * browser, and under `npm run dev`, where there is no islands entry: every page then gets React
 * Router's scripts.
 */
export const IslandsEntryContext = createContext("");

/** A static page: its route module exports `handle = { islands: true }` (decision 030). */
function useIsIslandsPage(): boolean {
  const handle = useMatches().at(-1)?.handle as { islands?: boolean } | undefined;
  return handle?.islands === true;
}

/**
 * The end of <body>. React Router's scripts where it runs the page; on a static page only the
 * islands bootstrap (decision 070). React Router's scroll-restoration script, its context and the
 * loader data it streams for hydration (which `ServerRouter` sends only where `<Scripts>` was
 * rendered) would be parsed and run during the page's load (~9 KB on an article) for a router that
 * never starts there. tests/e2e/public-loading.spec.ts checks that none of them is on such a page.
 */
export function PageScripts() {
  const nonce = useNonce() || undefined;
  const islandsEntry = useContext(IslandsEntryContext);
  const islands = useIsIslandsPage();
  if (islandsEntry && islands)
    return <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsBootstrap(islandsEntry) }} />;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
