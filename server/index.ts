import { serve } from "@hono/node-server";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { openDatabase } from "./db/open";
import { drainable } from "./http/draining";
import { logLine } from "./http/log";
import { pageErrorReporter } from "./http/page-errors";
import { startRetentionJob } from "./jobs/retention";
import { createMetrics } from "./metrics/metrics";
import { staticFastPath } from "./http/static-fast-path";
import { LICENCE_VALIDATE_PATH, licenceFastPath } from "./http/licence-fast-path";
import { loadStaticFiles } from "./http/static-files";
import { startMailSender } from "./jobs/mail-sender";
import { startStoreExpiry } from "./jobs/store-expiry";
import { deploymentAssets } from "./http/deployment-assets";
import { renderPrerenderedPages } from "./http/prerendered-pages";
import { publishSiteFacts } from "./site-facts";
import { resolveSecretsKey } from "./services/identity/secrets-key-file";
import { createServices } from "./services/services";

// Bundled to build/server.js; the React Router build sits beside it.
const buildDir = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const database = await openDatabase(loadConfig(), "the web server");
  // After the data directory is locked: the generated key file lives there (decision 018).
  const config = resolveSecretsKey(loadConfig());
  // With METRICS_TOKEN: database calls timed, contact batch sizes observed, GET /metrics served.
  const metrics = config.METRICS_TOKEN ? createMetrics() : undefined;
  metrics?.instrumentDatabase(database);
  const services = createServices(database.db, config, () => new Date(), { contactBatch: metrics?.contactBatch });
  const build = (await import(/* @vite-ignore */ path.join(buildDir, "server/index.js"))) as ServerBuild;
  publishSiteFacts(config);
  const clientDir = path.join(buildDir, "client");
  const pages = await renderPrerenderedPages(build, clientDir, {
    services,
    config,
    cspNonce: "",
    clientIp: "",
    https: false,
    reportError: pageErrorReporter("prerender"),
  });
  const assets = await deploymentAssets({
    clientDir,
    pages,
    siteName: config.site.name,
    fontDir: path.join(buildDir, "share-fonts"),
    // The data directory is writable wherever the server runs (it holds the lock and the key
    // file); a container's build directory often is not. Drawing all 23 cards added 37-43 s to a
    // start on the shared 2-core machine under load (load average 8-10); only the first start
    // with new facts pays it, and /readyz stays unready until the server listens.
    cacheDir: path.join(config.DATA_DIR, "share-cards"),
  });
  const staticFiles = loadStaticFiles(
    clientDir,
    path.join(buildDir, "compressed-cache"),
    new Map<string, string | Uint8Array>([...pages, ...assets]),
  );
  const app = createApp({ config, database, services, build, staticFiles, metrics });

  // Prerendered pages and assets (staticFastPath) and licence validation (licenceFastPath) are
  // answered on node:http before Hono; during shutdown, drainable closes each connection after its
  // answer and fails /readyz.
  let drain = () => {};
  // Every request this process receives, counted before anything else answers it: the mail sender
  // rests between mails while this moves, so a backlog does not slow visitors (decision 082).
  let requestsReceived = 0;
  const createServer: typeof http.createServer = ((options: http.ServerOptions, listener: http.RequestListener) => {
    const licences = licenceFastPath(services, config, listener, metrics?.boundRecorder(LICENCE_VALIDATE_PATH));
    const drainAware = drainable(staticFastPath(staticFiles, config, licences, metrics?.boundRecorder("(static)")));
    drain = drainAware.drain;
    // Slow clients are cut (issue 11 finding 6: 1,000 connections sending a byte every 5 s stayed
    // open past 80 s). Node checks the head and request deadlines every connectionsCheckingInterval.
    const server = http.createServer(
      {
        ...options,
        headersTimeout: config.HEADERS_TIMEOUT_MS,
        requestTimeout: config.REQUEST_TIMEOUT_MS,
        keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: 1_000,
      },
      (req, res) => {
        requestsReceived++;
        drainAware.listener(req, res);
      },
    );
    server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
    return server;
  }) as typeof http.createServer;
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, createServer }, (info) => {
    logLine({
      level: "info",
      msg: "listening",
      url: `http://${info.address.includes(":") ? `[${info.address}]` : info.address}:${info.port}`,
      database: database.kind,
    });
  });

  // Background jobs start after migrations (openDatabase ran them) and stop first on SIGTERM.
  const mailSender = startMailSender(
    { db: database.db, config, now: () => new Date() },
    {
      freeClaimsAtStart: database.kind === "pglite",
      requestsReceived: () => requestsReceived,
    },
  );
  const storeExpiry = startStoreExpiry(services.store);
  if (!mailSender.running) logLine({ level: "info", msg: "SMTP_URL is not set: mail stays in the outbox as not sent" });
  const retention = startRetentionJob(database.db, {
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    log: logLine,
    vacuum: database.kind === "pglite",
  });

  if ((await services.admins.count()) === 0) {
    const stopFirst = database.kind === "pglite" ? "stop this server (Ctrl+C), then run: " : "run: ";
    logLine({
      level: "warn",
      msg: `No admin account exists yet. To create one, ${stopFirst}ADMIN_PASSWORD='<at least 12 characters>' npm run admin -- create --email you@example.com`,
    });
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine({ level: "info", msg: "shutting down", signal });
    // Background jobs first: no new run starts. The mail in flight finishes and is marked; unsent
    // claims are given back (before the database closes).
    const jobsStopped = Promise.all([retention.stop(), mailSender.stop().catch(() => undefined), storeExpiry.stop()]);
    drain();
    // Stop accepting, let in-flight requests finish (bounded), then close the database.
    const force = setTimeout(() => {
      logLine({ level: "warn", msg: "in-flight requests did not finish in time; closing anyway" });
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    server.close(async () => {
      clearTimeout(force);
      await jobsStopped;
      await database.close().catch((err: unknown) => logLine({ level: "error", msg: "database close failed", error: String(err) }));
      logLine({ level: "info", msg: "stopped" });
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  const message = err instanceof DataDirLockedError || err instanceof Error ? err.message : String(err);
  logLine({ level: "error", msg: "could not start", error: message });
  process.exit(1);
});
