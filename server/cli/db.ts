// npm run db -- copy-to postgres://…: copies the embedded database (server stopped: the data
// directory lock is taken as by every other command) into an empty PostgreSQL database, migrating
// it first, and prints each table's row count on both sides.
// npm run db -- backup: a dump of the embedded database into BACKUP_DIR (newest 7 kept).
// npm run db -- restore FILE: that dump back into an empty DATA_DIR.
import { loadConfig } from "../platform/config";
import { openPostgres } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { DataDirLockedError } from "../platform/db/data-dir-lock";
import { writeBackup } from "../platform/db/backup";
import { copyDatabase, TargetNotEmptyError } from "./db-copy";
import { restoreBackup, RestoreRefusedError } from "./db-restore";
import { announceDatabase, openCliDatabase, runTool } from "./cli-tool";

const USAGE = [
  "Usage: npm run db -- copy-to postgres://user:pass@host:5432/database",
  "       BACKUP_DIR=/path npm run db -- backup",
  "       npm run db -- restore FILE   (into an empty DATA_DIR)",
].join("\n");

async function backup(): Promise<number> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README).");
    return 1;
  }
  if (!config.BACKUP_DIR) {
    console.error("Set BACKUP_DIR to the directory the backup goes to.");
    return 1;
  }
  // A DATA_DIR with no database would be made empty and backed up as if it were the server's.
  if (!announceDatabase("npm run db -- backup", config, false)) return 1;
  const database = await openCliDatabase(config, "npm run db -- backup");
  if (!database) return 1;
  try {
    console.log(`Backup written: ${await writeBackup(database, config.BACKUP_DIR, new Date())}`);
    return 0;
  } finally {
    await database.close();
  }
}

async function restore(file: string | undefined): Promise<number> {
  if (!file) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  try {
    await restoreBackup(file, config.DATA_DIR, "npm run db -- restore");
  } catch (err) {
    if (err instanceof RestoreRefusedError || err instanceof DataDirLockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  console.log(`Restored ${file} into ${config.DATA_DIR}.`);
  return 0;
}

async function copyTo(url: string | undefined): Promise<number> {
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: "" });
  if (!announceDatabase("npm run db -- copy-to", config, false)) return 1;
  const source = await openCliDatabase(config, "npm run db -- copy-to");
  if (!source) return 1;
  const target = openPostgres(url, { max: 2 });
  try {
    await runMigrations(target);
    const counts = await copyDatabase(source.db, target.pool!);
    const width = Math.max(...counts.map((c) => c.table.length));
    console.log(`${"table".padEnd(width)}  embedded  postgresql`);
    for (const c of counts) console.log(`${c.table.padEnd(width)}  ${String(c.source).padStart(8)}  ${String(c.target).padStart(10)}`);
    const differ = counts.filter((c) => c.source !== c.target);
    if (differ.length) {
      console.error(`Counts differ in: ${differ.map((c) => c.table).join(", ")}`);
      return 1;
    }
    console.log(`Copied ${counts.length} tables. Set DATABASE_URL to the PostgreSQL database and start the server.`);
    return 0;
  } catch (err) {
    if (err instanceof TargetNotEmptyError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await target.close();
    await source.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command === "copy-to") return copyTo(arg);
  if (command === "backup") return backup();
  if (command === "restore") return restore(arg);
  console.error(USAGE);
  return 1;
}

runTool("npm run db failed", () => main(process.argv.slice(2)));
