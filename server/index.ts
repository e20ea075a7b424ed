import { serve } from "@hono/node-server";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { loadConfig } from "./platform/config";
import { DataDirLockedError } from "./platform/db/data-dir-lock";
import { openDatabase } from "./platform/db/open";
import { drainable } from "./platform/http/draining";
import { logLine } from "./platform/log";
import { warnIfTestPayments } from "./integrations/payments/test-mode";
import { pageErrorReporter } from "./platform/http/page-errors";
import { startRetentionJob } from "./platform/db/retention";
import { createMetrics } from "./platform/metrics/metrics";
import { loadStaticFiles } from "./platform/http/static-files";
import { startMailSender } from "./features/mail";
import { startQuestDeadlineJob } from "./features/quests";
import { startRefundSweep, startStoreExpiry } from "./features/store";
import { deploymentAssets } from "./platform/http/deployment-assets";
import { renderPrerenderedPages } from "./platform/http/prerendered-pages";
import { publishSiteFacts } from "./platform/site-facts";
import { resolveSecretsKey } from "./platform/secrets/secrets-key-file";
import { createServices } from "./services";
import { artifactsDir, isArtifactUpload, prepareArtifactsDir } from "./features/releases";
import { requestDeadlines } from "./platform/http/request-deadlines";
import { listenAdminSocket } from "./cli/admin-socket";
import { startBackupJob } from "./platform/db/backup";

// Bundled to build/server.js; the React Router build sits beside it.
const buildDir = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const database = await openDatabase(loadConfig(), "the web server");
  // After the data directory is locked: the generated key file lives there (decision 018).
  const config = resolveSecretsKey(loadConfig());
  // With METRICS_TOKEN: database calls timed, contact batch sizes observed, GET /metrics served.
  const metrics = config.METRICS_TOKEN ? createMetrics() : undefined;
  metrics?.observeDatabase(database);
  const services = createServices(database.db, config, () => new Date(), { contactBatch: metrics?.contactBatch });
  await prepareArtifactsDir(artifactsDir(config));
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
  // BENCH_UNSIGNED_LICENCE_ANSWERS=1 is the bench's second server, the one that measures what the
  // licence answers' signature costs (bench/sections/licence-signature.ts); nothing else sets it.
  const unsignedLicenceAnswers = process.env.BENCH_UNSIGNED_LICENCE_ANSWERS === "1";
  const app = createApp({ config, database, services, build, staticFiles, metrics, unsignedLicenceAnswers });

  // Every request goes through the one Hono pipeline (pages, assets and API alike); during shutdown,
  // drainable closes each connection after its answer and fails /readyz.
  let drain = () => {};
  // Every request this process receives, counted before anything else answers it: the mail sender
  // rests between mails while this moves, so a backlog does not slow visitors (decision 082).
  let requestsReceived = 0;
  // REQUEST_TIMEOUT_MS for every request but the build upload, which is cut when it stalls instead;
  // Node's own requestTimeout below is the absolute cap for both.
  const deadlines = requestDeadlines({
    requestMs: config.REQUEST_TIMEOUT_MS,
    isLongUpload: isArtifactUpload,
    uploadIdleMs: config.ARTIFACT_UPLOAD_IDLE_MS,
  });
  const createServer: typeof http.createServer = ((options: http.ServerOptions, listener: http.RequestListener) => {
    const drainAware = drainable(listener);
    drain = drainAware.drain;
    // Slow clients are cut (without timeouts, 1,000 connections sending a byte every 5 s stayed
    // open past 80 s: tests/reliability/slowloris.test.ts). Node checks the head deadline and its
    // absolute request cap every connectionsCheckingInterval; `deadlines` the 30 s and the upload's idle limit.
    const server = http.createServer(
      {
        ...options,
        headersTimeout: config.HEADERS_TIMEOUT_MS,
        requestTimeout: config.ARTIFACT_UPLOAD_TIMEOUT_MS,
        keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: 1_000,
      },
      (req, res) => {
        requestsReceived++;
        deadlines.track(req, res);
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
      // The embedded database's directory: `npm run admin` and `npm run seed:demo` need the same DATA_DIR.
      ...(config.DATABASE_URL ? {} : { data_dir: path.resolve(config.DATA_DIR) }),
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
  const refundSweep = startRefundSweep(services.store);
  const questDeadlines = startQuestDeadlineJob(services.questSettings);
  if (!mailSender.running) logLine({ level: "info", msg: "SMTP_URL is not set: mail stays in the outbox as not sent" });
  warnIfTestPayments(config, logLine);
  if (config.NODE_ENV !== "production")
    logLine({
      level: "info",
      msg: `NODE_ENV is ${config.NODE_ENV ?? "not set"}, not production: a local run${config.SMTP_URL ? "" : " (customer sign-in codes are printed here)"}; the live site sets NODE_ENV=production`,
    });
  const retention = startRetentionJob(database.db, {
    auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    log: logLine,
    vacuum: database.kind === "pglite",
  });

  // On the embedded database `npm run admin` cannot open the data directory while this process
  // holds it: it sends its command here instead (server/cli/admin-socket.ts).
  const adminSocket =
    database.kind === "pglite"
      ? await listenAdminSocket(config.DATA_DIR, services, logLine).catch((err: unknown) => {
          logLine({ level: "warn", msg: "no admin socket: stop the server to run npm run admin", error: String(err) });
          return undefined;
        })
      : undefined;

  const backups =
    config.BACKUP_DIR && database.kind === "pglite"
      ? startBackupJob(database, config.BACKUP_DIR, { now: () => new Date(), log: logLine })
      : undefined;

  if ((await services.admins.count()) === 0) {
    logLine({
      level: "warn",
      msg: `No admin account exists yet. To create one, run: ${config.DATABASE_URL ? "" : `DATA_DIR=${path.resolve(config.DATA_DIR)} `}ADMIN_PASSWORD='<at least 12 characters>' npm run admin -- create --email you@example.com`,
    });
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine({ level: "info", msg: "shutting down", signal });
    adminSocket?.close();
    // Background jobs first: no new run starts. The mail in flight finishes and is marked; unsent
    // claims are given back (before the database closes).
    const jobsStopped = Promise.all([
      retention.stop(),
      mailSender.stop().catch(() => undefined),
      storeExpiry.stop(),
      refundSweep.stop(),
      questDeadlines.stop(),
      backups?.stop(),
    ]);
    drain();
    // Stop accepting, let in-flight requests finish (bounded), then close the database.
    const closeListener = () => {
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
    // Behind a proxy (docs/deploy.md) the socket stays open DRAIN_GRACE_MS longer, answering every
    // request with Connection: close: the proxy's idle keep-alive connections end on its side
    // first, instead of being closed here just as it sends a request on one (a reset, a 502).
    if (config.DRAIN_GRACE_MS > 0) setTimeout(closeListener, config.DRAIN_GRACE_MS);
    else closeListener();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  const message = err instanceof DataDirLockedError || err instanceof Error ? err.message : String(err);
  logLine({ level: "error", msg: "could not start", error: message });
  process.exit(1);
});
