// npm run admin -- create --email E [--password P]   (or ADMIN_PASSWORD=P to keep it out of shell history)
// npm run admin -- remove-factor --email E [--factor totp|passkeys|all]   (a lost phone or key)
// Either takes --new-database to make the embedded database in a DATA_DIR that has none yet.
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config";
import type { AdminCommand } from "./admin-command";
import { announceDatabase, reportResult, runCliAdminCommand, runTool } from "./cli-tool";

const USAGE = [
  "Usage: npm run admin -- create --email you@example.com [--password '...']",
  "       (or set ADMIN_PASSWORD instead of --password; on an existing admin: new password, re-enabled, signed out)",
  "       npm run admin -- remove-factor --email you@example.com [--factor totp|passkeys|all]",
  "       (removes a lost second factor; default all, recovery codes too; the admin's sessions end)",
  "       Both use the server's DATA_DIR (or DATABASE_URL); add --new-database to make a database where there is none yet.",
].join("\n");
const FACTORS = ["totp", "passkeys", "all"] as const;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      factor: { type: "string" },
      "new-database": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== "create" && command !== "remove-factor") || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (!announceDatabase("npm run admin", config, values["new-database"] === true)) return 1;
  let request: AdminCommand;
  if (command === "remove-factor") {
    const factor = FACTORS.find((f) => f === (values.factor ?? "all"));
    if (!factor) {
      console.error(`--factor must be one of ${FACTORS.join(", ")}.\n${USAGE}`);
      return 2;
    }
    request = { command, email: values.email, factor };
  } else {
    const password = values.password ?? config.ADMIN_PASSWORD;
    if (!password) {
      console.error("No password given: pass --password or set ADMIN_PASSWORD.\n" + USAGE);
      return 2;
    }
    request = { command, email: values.email, password };
  }
  return reportResult(await runCliAdminCommand(config, "npm run admin", request));
}

runTool("The admin command failed", main);
