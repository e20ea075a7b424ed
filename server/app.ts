import { type Context, Hono } from "hono";
import { randomUUID } from "node:crypto";
import type { AppLoadContext, RequestHandler, ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { apiRouter } from "./api/router";
import { securityFileRoutes } from "./features/security";
import { advisoryFileRoutes } from "./features/advisories";
import type { Config } from "./platform/config";
import type { Database } from "./platform/db/client";
import { compressDynamic } from "./platform/http/compress";
import { HttpError, errorJson, httpErrorFromDomain } from "./platform/http/errors";
import { clientIp, isHttps, socketAddress } from "./platform/http/client-ip";
import { describeErrorForLog, logLine, pathForLog } from "./platform/log";
import {
  RAZORPAY_OPENER_POLICY,
  RAZORPAY_SOURCES,
  baseSecurityHeaders,
  isRazorpayCheckoutPath,
  newNonce,
  pageContentSecurityPolicy,
} from "./platform/http/security-headers";
import { pageErrorReporter } from "./platform/http/page-errors";
import { wellFormedPath } from "./platform/http/well-formed-path";
import type { StaticFile } from "./platform/http/static-files";
import { staticRoute } from "./platform/http/static-route";
import { PageStore } from "./platform/http/page-store";
import { pageCache } from "./platform/http/page-cache";
import { cachedPages } from "./cached-pages";
import { apiCacheControl, pageMethods, requestBodyLimit, sameOriginWrites } from "./platform/http/request-guards";
import type { Services } from "./services";
import type { Metrics } from "./platform/metrics/metrics";
import { metricsEndpoint, routeLabel } from "./platform/metrics/http";
import { publishSiteFacts } from "./platform/site-facts";
import type { AppEnv } from "./app-env";
import { releaseFileRoutes } from "./features/releases";
import { licenceKeyFileRoutes, signLicenceAnswers } from "./features/licences";
import { questSubmissionFormRoutes } from "./features/quests";

export type AppDeps = {
  config: Config;
  database: Database;
  services: Services;
  /** React Router's server build; absent in API-only tests. */
  build?: ServerBuild;
  /** The client build held in memory (see loadStaticFiles). */
  staticFiles?: Map<string, StaticFile>;
  /** The process's Prometheus metrics (index.ts builds them when METRICS_TOKEN is set). */
  metrics?: Metrics;
  /** The bench's measure of the licence signature's cost only: licence answers go out unsigned. */
  unsignedLicenceAnswers?: boolean;
  /** Overrides the socket peer address (tests have no socket). */
  peerAddress?: (c: import("hono").Context) => string;
};

export function createApp(deps: AppDeps) {
  const { config, database, services, metrics } = deps;
  const app = new Hono<AppEnv>();
  publishSiteFacts(config);

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    const peer = deps.peerAddress ? deps.peerAddress(c) : socketAddress(c);
    c.set("requestId", requestId);
    c.set("clientIp", clientIp(c, config, peer));
    c.set("https", isHttps(c, config, peer));
    c.set("services", services);
    c.set("config", config);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    apiCacheControl(c);
    metrics?.observeRequest(c.req.method, routeLabel(c), c.res.status, (performance.now() - started) / 1000);
    baseSecurityHeaders(c.res.headers, c.get("https"));
    if (config.LOG_REQUESTS) {
      logLine({
        level: "info",
        msg: "request",
        method: c.req.method,
        path: pathForLog(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        requestId,
      });
    }
  });

  // Dynamic answers (SSR pages, React Router's /__manifest, JSON) compressed on the fly; static files
  // come precompressed and carry Content-Encoding already. Lighthouse flagged /__manifest (7 KB) plain.
  app.use(compressDynamic());

  app.onError((thrown, c) => {
    const err = httpErrorFromDomain(thrown) ?? thrown;
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.req.path.startsWith("/api/") ? errorJson(c, err.status, err.message, err.errors) : c.text(err.message, err.status);
    }
    // Genuine bug: log it with the request id, answer without internals.
    logLine({
      level: "error",
      msg: "unhandled error",
      requestId: c.get("requestId"),
      path: pathForLog(c.req.path),
      ...describeErrorForLog(err),
    });
    return c.req.path.startsWith("/api/")
      ? errorJson(c, 500, "Something went wrong on our side. Please try again later.")
      : c.text("Unexpected Application Error!", 500);
  });

  app.use(wellFormedPath());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ok", database: database.kind });
    } catch {
      return c.json({ status: "error", message: "The database does not answer." }, 503);
    }
  });

  // Not served at all without METRICS_TOKEN: the path then falls through to the 404 page.
  if (metrics && config.METRICS_TOKEN) app.get("/metrics", metricsEndpoint(metrics, config.METRICS_TOKEN));

  // Before the body limit and the router: every licence answer is signed, errors included.
  if (!deps.unsignedLicenceAnswers)
    for (const call of ["validate", "activate", "deactivate"]) app.use(`/api/licenses/${call}`, signLicenceAnswers());
  app.use(requestBodyLimit());
  app.use(sameOriginWrites(config));
  app.route("/api", apiRouter());
  app.all("/api/*", (c) => errorJson(c, 404, "There is no such API endpoint."));

  app.use(pageMethods());
  app.route("/", releaseFileRoutes());
  app.route("/", securityFileRoutes());
  app.route("/", advisoryFileRoutes());
  app.route("/", licenceKeyFileRoutes());

  // One store of what is answered from memory: the client build with the prerendered pages, and
  // the public pages the page cache renders at run time.
  const pages = new PageStore(deps.staticFiles);
  if (deps.staticFiles?.size) app.on(["GET", "HEAD"], "*", staticRoute(pages));

  const handler = deps.build ? createRequestHandler(deps.build, config.NODE_ENV === "development" ? "development" : "production") : null;
  /** A page answer for this visitor's request, with its nonce and Content-Security-Policy. */
  async function answerPage(c: Context<AppEnv>, request: Request, handler: RequestHandler, extra: Partial<AppLoadContext> = {}) {
    const nonce = newNonce();
    const response = await handler(request, {
      services,
      config,
      cspNonce: nonce,
      clientIp: c.get("clientIp"),
      https: c.get("https"),
      reportError: pageErrorReporter(c.get("requestId")),
      ...extra,
    });
    if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
      // Razorpay's checkout script runs on the checkout page alone, and only with that provider.
      const razorpayPage = config.PAYMENT_PROVIDER === "razorpay" && isRazorpayCheckoutPath(c.req.path);
      response.headers.set(
        "Content-Security-Policy",
        pageContentSecurityPolicy(nonce, config.NODE_ENV === "development", razorpayPage ? RAZORPAY_SOURCES : undefined),
      );
      if (razorpayPage) response.headers.set("Cross-Origin-Opener-Policy", RAZORPAY_OPENER_POLICY);
    }
    return response;
  }
  // The quest page's multipart form: a refusal renders the quest page (a GET with this visitor's cookie) showing it.
  app.route(
    "/",
    questSubmissionFormRoutes(
      handler
        ? (c, path, questForm) =>
            answerPage(c, new Request(new URL(path, c.req.url), { headers: { cookie: c.req.header("cookie") ?? "" } }), handler, {
              questForm,
            })
        : undefined,
    ),
  );

  if (handler) {
    // Under `npm run dev` every request renders: pages change with the code.
    if (config.NODE_ENV !== "development") {
      const render = (path: string) =>
        // A bare request: no cookie, no header of the visitor, a fixed origin; no nonce, so the CSP
        // allows the page's inline scripts by their hashes as on the prerendered pages.
        handler(new Request(`http://localhost${path}`), {
          services,
          config,
          cspNonce: "",
          clientIp: "127.0.0.1",
          https: false,
          reportError: pageErrorReporter("page-cache"),
        });
      app.on(["GET", "HEAD"], "*", pageCache({ store: pages, topics: services.pageTopics, pages: cachedPages, render }));
    }
    app.all("*", (c) => answerPage(c, c.req.raw, handler));
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
