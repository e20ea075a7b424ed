// npm run admin -- create --email E [--password P]   (or ADMIN_PASSWORD=P to keep it out of shell history)
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { HttpError } from "../http/errors";
import { createServices } from "../services/services";
import { openCliDatabase } from "./open-cli-database";

const USAGE = "Usage: npm run admin -- create --email you@example.com [--password '...']\n(or set ADMIN_PASSWORD instead of --password)";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals[0] !== "create" || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  if (!password) {
    console.error("No password given: pass --password or set ADMIN_PASSWORD.\n" + USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openCliDatabase(config, "npm run admin");
  if (!database) return 1;
  try {
    const services = createServices(database.db, config);
    const result = await services.admins.createOrReset(values.email, password);
    console.log(result.created ? `Created admin ${values.email}.` : `Reset the password of ${values.email}; its sessions were signed out.`);
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`The admin command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
