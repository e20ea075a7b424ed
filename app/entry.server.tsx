import { isbot } from "isbot";
// The edge build of React's HTML renderer, not the Node one: the Node build runs every render in
// an AsyncLocalStorage, and on Node 20 the first render switches on promise hooks for the whole
// process for good, a cost every later promise pays, licence checks and API calls included
// (decision 081). The edge build uses AsyncLocalStorage only where the runtime has it as a
// global, which Node does not.
import { renderToReadableStream } from "react-dom/server.edge";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import fontFaces from "@fontsource-variable/inter/index.css?inline";
import appCss from "./app.css?inline";
import type { SiteConfig } from "../contract/site-config";
import exampleSite from "../site.config.example.json";
import { StylesheetContext } from "./lib/inline-stylesheet";
import { IslandsEntryContext } from "./lib/page-scripts";
import { NonceContext } from "./lib/nonce";
import islandsEntry from "virtual:islands-entry";

// Inlined into every page's <head> (see app/lib/inline-stylesheet.tsx): the font faces, then the
// app's rules.
const stylesheet = fontFaces + appCss;

// The server sets this deployment's facts before its first request (server/app.ts). Until then, that
// is while `react-router build` prerenders, pages get the example facts; the server renders the
// prerendered pages again at start with the real ones (server/platform/http/prerendered-pages.ts).
globalThis.__SITE_FACTS__ ??= { ...(exampleSite as SiteConfig), origin: "http://127.0.0.1:3000" };

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext?.cspNonce ?? "";
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const html = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <StylesheetContext.Provider value={stylesheet}>
        {/* Static pages get the islands bootstrap in place of React Router's scripts (app/lib/page-scripts.tsx). */}
        <IslandsEntryContext.Provider value={islandsEntry}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsEntryContext.Provider>
      </StylesheetContext.Provider>
    </NonceContext.Provider>,
    {
      nonce: nonce || undefined,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) reportError(error, request, loadContext);
      },
    },
  );
  shellRendered = true;
  // Crawlers and prerendering get the whole document at once; browsers get it streamed.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode || !loadContext?.cspNonce) await html.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // React's output as it is: no rewrite of React Router's markup, no Node stream in between.
  return new Response(html, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

// Every loader, action and render error goes through the server's sanitised logger: one JSON line,
// no stack, no SQL or its parameters (a parameter can be a session cookie's hash). At build time (prerendering) there is no
// server context, and the build output is the place for the whole error.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (!request.signal.aborted) reportError(error, request, context as AppLoadContext | undefined);
};

function reportError(error: unknown, request: Request, context: AppLoadContext | undefined) {
  if (context?.reportError) context.reportError(error, request);
  else console.error(error);
}
