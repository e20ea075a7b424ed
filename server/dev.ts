// `npm run dev`: Vite in middleware mode (hot reload) in front of the same Hono app as production.
import { getRequestListener } from "@hono/node-server";
import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db/open";
import { logLine } from "./platform/log";
import { createServices } from "./services";

const config = loadConfig(undefined, { NODE_ENV: "development" });
const database = await openDatabase(config, "the dev server");
const services = createServices(database.db, config);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

// Re-created per request so route changes are picked up without a restart.
const listener = getRequestListener(async (request) => {
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return createApp({ config, database, services, build }).fetch(request);
});

const server = createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(config.PORT, config.HOST, () => logLine({ level: "info", msg: "dev server", url: `http://${config.HOST}:${config.PORT}` }));

const stop = async () => {
  server.close();
  await vite.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
