import { Hono } from "hono";
import { randomUUID } from "node:crypto";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { apiRouter } from "./api/router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { compressDynamic } from "./http/compress";
import { HttpError, errorJson, httpErrorFromDomain } from "./http/errors";
import { DomainError } from "./services/errors";
import { clientIp, isHttps, socketAddress } from "./http/client-ip";
import { describeErrorForLog, logLine } from "./http/log";
import {
  RAZORPAY_OPENER_POLICY,
  RAZORPAY_SOURCES,
  baseSecurityHeaders,
  isRazorpayCheckoutPath,
  newNonce,
  pageContentSecurityPolicy,
} from "./http/security-headers";
import { pageErrorReporter } from "./http/page-errors";
import { type StaticFile, staticAnswer } from "./http/static-files";
import { apiCacheControl, pageMethods, requestBodyLimit, sameOriginWrites } from "./http/request-guards";
import type { Services } from "./services/services";
import type { Metrics } from "./metrics/metrics";
import { metricsEndpoint, routeLabel } from "./metrics/http";
import { publishSiteFacts } from "./site-facts";
import type { AppEnv } from "./app-env";

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
        path: c.req.path,
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
    const err = thrown instanceof DomainError ? httpErrorFromDomain(thrown) : thrown;
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
      return c.req.path.startsWith("/api/") ? errorJson(c, err.status, err.message, err.errors) : c.text(err.message, err.status);
    }
    // Genuine bug: log it with the request id, answer without internals.
    logLine({ level: "error", msg: "unhandled error", requestId: c.get("requestId"), path: c.req.path, ...describeErrorForLog(err) });
    return c.req.path.startsWith("/api/")
      ? errorJson(c, 500, "Something went wrong on our side. Please try again later.")
      : c.text("Unexpected Application Error!", 500);
  });

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

  app.use(requestBodyLimit());
  app.use(sameOriginWrites(config));
  app.route("/api", apiRouter());
  app.all("/api/*", (c) => errorJson(c, 404, "There is no such API endpoint."));

  app.use(pageMethods());

  const staticFiles = deps.staticFiles;
  if (staticFiles?.size) {
    app.on(["GET", "HEAD"], "*", async (c, next) => {
      const file = staticFiles.get(c.req.path);
      if (!file) return next();
      // Production answers these in staticFastPath before Hono; this path serves dev and tests.
      const answer = staticAnswer(file, c.req.method, c.req.header("if-none-match"), c.req.header("accept-encoding"));
      return answer.body ? c.body(answer.body, 200, answer.headers.record) : c.body(null, answer.status, answer.headers.record);
    });
  }

  if (deps.build) {
    const handler = createRequestHandler(deps.build, config.NODE_ENV === "development" ? "development" : "production");
    app.all("*", async (c) => {
      const nonce = newNonce();
      const response = await handler(c.req.raw, {
        services,
        config,
        cspNonce: nonce,
        clientIp: c.get("clientIp"),
        https: c.get("https"),
        reportError: pageErrorReporter(c.get("requestId")),
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
    });
  }

  return app;
}

export type App = ReturnType<typeof createApp>;
