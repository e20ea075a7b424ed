import { existsSync } from "node:fs";
import path from "node:path";
import type { Config } from "../platform/config";

/** The flag that lets a command-line tool make a new embedded database where there is none. */
export const NEW_DATABASE_FLAG = "--new-database";

/** Which database a command-line tool opens, in words: the embedded one's full path, or PostgreSQL's host (never its password). */
export function describeDatabase(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): string {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`;
  }
  return `the embedded database in ${path.join(path.resolve(config.DATA_DIR), "pglite")} (DATA_DIR=${config.DATA_DIR})`;
}

/**
 * With the embedded database, a DATA_DIR that holds none is almost always a different DATA_DIR from
 * the server's (another working directory, a typo): opening it would silently make a second, empty
 * database that the server never reads. Answers what to say then, or null when there is one (or
 * PostgreSQL is used, or the caller asked for a new one).
 */
export function missingDatabase(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">, allowNew: boolean): string | null {
  if (config.DATABASE_URL || allowNew) return null;
  const dir = path.resolve(config.DATA_DIR);
  if (existsSync(path.join(dir, "pglite", "PG_VERSION"))) return null;
  return [
    `There is no database in ${dir}: the server has not run with this DATA_DIR. Nothing was changed.`,
    "Run this command with the server's DATA_DIR (the server logs it at start), or start the server once with this one.",
    `To make a new database here anyway (before the server's first start), add ${NEW_DATABASE_FLAG}.`,
  ].join("\n");
}
