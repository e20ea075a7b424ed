// npm run keys -- rotate licence|release
// A new signing key for licences or releases; the old one stays published and trusted
// (docs/decisions/105-signed-licences.md). Prints the new key's id and date, never a secret.
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config";
import { DataDirLockedError } from "../platform/db/data-dir-lock";
import { openDatabase } from "../platform/db/open";
import { createServices } from "../services";
import { type AdminCommand, type AdminCommandResult, runAdminCommand } from "./admin-command";
import { sendAdminCommand } from "./admin-socket";

const USAGE = "Usage: npm run keys -- rotate licence|release";
const PURPOSES = ["licence", "release"] as const;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  const purpose = PURPOSES.find((p) => p === positionals[1]);
  if (values.help || positionals[0] !== "rotate" || !purpose || positionals.length !== 2) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  return report(await run(loadConfig(), { command: "rotate-key", purpose }));
}

/** On PostgreSQL (or an embedded database no server holds) directly; else through the server's socket (decision 085). */
async function run(config: ReturnType<typeof loadConfig>, request: AdminCommand): Promise<AdminCommandResult> {
  let database;
  try {
    database = await openDatabase(config, "npm run keys");
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const answer = await sendAdminCommand(config.DATA_DIR, request);
    return answer ?? { code: 1, err: `${err.message}\nStop the server first, then run this command again.` };
  }
  try {
    return await runAdminCommand(createServices(database.db, config), request);
  } finally {
    await database.close();
  }
}

function report({ code, out, err }: AdminCommandResult): number {
  if (out) console.log(out);
  if (err) console.error(err);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`The keys command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
