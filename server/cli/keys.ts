// npm run keys -- rotate licence|release [--new-database]
// A new signing key for licences or releases; the old one stays published and trusted
// (docs/decisions/105-signed-licences.md). Prints the new key's id and date, never a secret.
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config";
import { announceDatabase, reportResult, runCliAdminCommand, runTool } from "./cli-tool";

const USAGE = [
  "Usage: npm run keys -- rotate licence|release",
  "       Uses the server's DATA_DIR (or DATABASE_URL); add --new-database to make a database where there is none yet.",
].join("\n");
const PURPOSES = ["licence", "release"] as const;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "new-database": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const purpose = PURPOSES.find((p) => p === positionals[1]);
  if (values.help || positionals[0] !== "rotate" || !purpose || positionals.length !== 2) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  // A key rotated in a database the server does not read would leave the server signing with the old one.
  if (!announceDatabase("npm run keys", config, values["new-database"] === true)) return 1;
  return reportResult(await runCliAdminCommand(config, "npm run keys", { command: "rotate-key", purpose }));
}

runTool("The keys command failed", main);
