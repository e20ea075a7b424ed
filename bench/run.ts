// npm run bench: measures an existing production build ($BUILD_DIR, default build/) against
// baselines measured in the same run, and prints one table. It builds nothing itself.
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { prerenderPaths, serverRenderedPublicPaths } from "../app/prerender";
import { startAppServer } from "./lib/app-server";
import { bench, wants } from "./lib/config";
import { freshDb } from "./lib/databases";
import { createBenchAdmin, createBenchPublicContent } from "./lib/fill";
import { markdown } from "./lib/table";
import { accountSection } from "./sections/account";
import { adminListsSection } from "./sections/admin-lists";
import { contactSection } from "./sections/contact";
import { dashboardSection } from "./sections/dashboard";
import { downloadsSection } from "./sections/downloads";
import { frontEndSection } from "./sections/front-end";
import { lighthouseSection } from "./sections/lighthouse";
import { mailSection } from "./sections/mail";
import { pagesSection } from "./sections/pages";
import { scaleOutSection } from "./sections/scale-out";
import { storeSection } from "./sections/store";
import { visitorPagesSection } from "./sections/visitor-pages";
import { licenceSignatureSection } from "./sections/licence-signature";

// The prerendered pages and the blog articles; BENCH_PAGES (comma-separated) measures only those.
const articles = readdirSync("content/blog")
  .filter((file) => file.endsWith(".md") && file !== "README.md")
  .map((file) => `/Blog/${file.slice(0, -3)}`);
const listed = (name: string) => (process.env[name] ?? "").split(",").filter(Boolean);
const publicPages = listed("BENCH_PAGES").length
  ? listed("BENCH_PAGES")
  : [...prerenderPaths, ...serverRenderedPublicPaths, ...articles, ...listed("BENCH_SSR_PAGES")];

async function main(): Promise<number> {
  if (!existsSync(path.join(bench.buildDir, "server.js"))) {
    console.error(`No production build at ${bench.buildDir}/server.js: run npm run build first.`);
    return 1;
  }
  const started = new Date();
  console.log(`bench of ${bench.buildDir}, ${bench.duration} s per load run`);
  if (wants("pages") || wants("front-end") || wants("lighthouse")) {
    // The page sections need no data: one server on one fresh embedded database.
    const db = await freshDb("pglite");
    // The cached pages' rows publish releases through the API as this admin.
    const database = await db.open();
    await createBenchAdmin(database);
    const content = await createBenchPublicContent(database);
    await database.close();
    const server = await startAppServer(db.env);
    try {
      if (wants("pages")) await pagesSection(server, prerenderPaths[0] ?? "/", process.env.BENCH_SSR_PAGE ?? "/login", content);
      if (wants("front-end")) await frontEndSection(server, publicPages);
      if (wants("lighthouse")) await lighthouseSection(server, publicPages);
    } finally {
      await server.stop();
      await db.drop();
    }
  }
  // Pages that depend on the visitor: server-rendered, on both databases.
  if (wants("pages")) await visitorPagesSection();
  if (wants("contact")) await contactSection();
  if (wants("dashboard")) await dashboardSection();
  if (wants("store")) await storeSection();
  if (wants("licence-signature")) await licenceSignatureSection();
  if (wants("mail")) await mailSection();
  if (wants("admin-lists")) await adminListsSection();
  if (wants("downloads")) await downloadsSection();
  if (wants("account")) await accountSection();
  if (wants("scale-out")) await scaleOutSection();

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
  console.log(`\n${started.toISOString()} — ${machine}\n`);
  console.log(markdown());
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
