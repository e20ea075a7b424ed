import { createContext, useContext } from "react";
import { Scripts, ScrollRestoration } from "react-router";
import { useNonce } from "./nonce";

/**
 * The text of a static page's only script (decision 030): the inline module that waits for the
 * parsed, painted document and imports the islands entry. Given by the server
 * (entry.server.tsx) for pages whose route exports `handle = { islands: true }`; null elsewhere,
 * and always in the browser.
 */
export const IslandsBootstrapContext = createContext<string | null>(null);

/**
 * The end of <body>. React Router's scripts where it runs the page; on a static page only the
 * islands bootstrap (decision 070): React Router's scroll-restoration script, its context with the
 * loader data, and the stream that would hand that data to a router that never starts would be
 * parsed and run on the main thread during the page's load (~9 KB on an article) for nothing.
 */
export function PageScripts() {
  const nonce = useNonce() || undefined;
  const islandsBootstrap = useContext(IslandsBootstrapContext);
  if (islandsBootstrap) return <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsBootstrap }} />;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}
