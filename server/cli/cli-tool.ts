import type { Config } from "../platform/config";
import type { Database } from "../platform/db/client";
import { DataDirLockedError } from "../platform/db/data-dir-lock";
import type { AdminCommand, AdminCommandResult } from "./admin-command";
import { describeDatabase, missingDatabase } from "./cli-database";

// What every command-line tool (npm run admin, keys, seed:demo, db) does around its own work: say
// which database it opens before touching it, refuse a DATA_DIR that holds none, open it (or hand an
// admin command to the server holding it), print the answer and exit with its code. The database and
// the services are imported only once the tool goes ahead: a refusal answers in a second, not after
// loading the whole server.

const STOP_THE_SERVER = "Stop the server first, then run this command again.";

/**
 * Prints which database `tool` opens (so an operator sees a DATA_DIR that is not the server's) and
 * refuses an embedded DATA_DIR with no database unless `allowNew`. False when refused (exit 1).
 */
export function announceDatabase(tool: string, config: Pick<Config, "DATABASE_URL" | "DATA_DIR">, allowNew: boolean): boolean {
  console.log(`${tool}: ${describeDatabase(config)}`);
  const missing = missingDatabase(config, allowNew);
  if (missing) console.error(missing);
  return missing === null;
}

/**
 * Opens the database for a command-line tool. When the server holds the embedded database's lock,
 * says so with what to do and resolves null (the caller exits 1).
 */
export async function openCliDatabase(config: Config, tool: string): Promise<Database | null> {
  const { openDatabase } = await import("../platform/db/open");
  try {
    return await openDatabase(config, tool);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(`${err.message}\n${STOP_THE_SERVER}`);
    return null;
  }
}

/**
 * Runs one admin command on the database itself (PostgreSQL, or an embedded database no server
 * holds); when the running server holds the embedded one, through that server's socket (decision 085).
 */
export async function runCliAdminCommand(config: Config, tool: string, request: AdminCommand): Promise<AdminCommandResult> {
  const [{ openDatabase }, { createServices }, { runAdminCommand }, { sendAdminCommand }] = await Promise.all([
    import("../platform/db/open"),
    import("../services"),
    import("./admin-command"),
    import("./admin-socket"),
  ]);
  let database;
  try {
    database = await openDatabase(config, tool);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const answer = await sendAdminCommand(config.DATA_DIR, request);
    return answer ?? { code: 1, err: `${err.message}\n${STOP_THE_SERVER}` };
  }
  try {
    return await runAdminCommand(createServices(database.db, config), request);
  } finally {
    await database.close();
  }
}

/** Prints a command's answer (stdout, stderr) and gives its exit code. */
export function reportResult({ code, out, err }: AdminCommandResult): number {
  if (out) console.log(out);
  if (err) console.error(err);
  return code;
}

/** Runs a tool's main and exits with its code; a failure is one line, `<failed>: <message>`, exit 1. */
export function runTool(failed: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`${failed}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
