import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../../platform/config";
import { parseSecretsKey } from "./secret-box";

/**
 * Without ADMIN_SECRETS_KEY the server keeps a generated key in DATA_DIR/admin-secrets.key (mode
 * 0600), outside the database, so a copy of the database alone does not reveal TOTP seeds
 * (decision 018). Several instances on one PostgreSQL must be given the same ADMIN_SECRETS_KEY.
 */
export function resolveSecretsKey(config: Config, log: (line: string) => void = console.warn): Config {
  if (config.ADMIN_SECRETS_KEY) return config;
  const file = path.join(config.DATA_DIR, "admin-secrets.key");
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    log(`Generated the admin secrets key in ${file}; keep it with the data (or set ADMIN_SECRETS_KEY).`);
  }
  const key = readFileSync(file, "utf8").trim();
  parseSecretsKey(key);
  if (config.DATABASE_URL) log(`ADMIN_SECRETS_KEY is not set: using ${file}. Every instance on this database needs the same key.`);
  return { ...config, ADMIN_SECRETS_KEY: key };
}
