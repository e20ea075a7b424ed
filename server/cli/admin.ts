// npm run admin -- create --email E [--password P]   (or ADMIN_PASSWORD=P to keep it out of shell history)
// npm run admin -- remove-factor --email E [--factor totp|passkeys|all]   (a lost phone or key)
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { domainErrorKind } from "../services/errors";
import { createServices } from "../services/services";
import { openCliDatabase } from "./open-cli-database";

const USAGE = [
  "Usage: npm run admin -- create --email you@example.com [--password '...']",
  "       (or set ADMIN_PASSWORD instead of --password; on an existing admin: new password, re-enabled, signed out)",
  "       npm run admin -- remove-factor --email you@example.com [--factor totp|passkeys|all]",
  "       (removes a lost second factor; default all, recovery codes too; the admin's sessions end)",
].join("\n");
const FACTORS = ["totp", "passkeys", "all"] as const;

// A refused input is the caller's to fix (as a usage error, 2); anything else the service refused, 1.
const EXIT_CODES: Record<NonNullable<ReturnType<typeof domainErrorKind>>, number> = {
  invalid_input: 2,
  conflict: 1,
  not_found: 1,
  throttled: 1,
  unauthenticated: 1,
  forbidden: 1,
  unavailable: 1,
};

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, factor: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || (command !== "create" && command !== "remove-factor") || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === "remove-factor") return removeFactor(values.email, values.factor ?? "all");
  const config = loadConfig();
  const password = values.password ?? config.ADMIN_PASSWORD;
  if (!password) {
    console.error("No password given: pass --password or set ADMIN_PASSWORD.\n" + USAGE);
    return 2;
  }
  const database = await openCliDatabase(config, "npm run admin");
  if (!database) return 1;
  try {
    const services = createServices(database.db, config);
    const result = await services.admins.createOrReset(values.email, password);
    console.log(result.created ? `Created admin ${values.email}.` : `Reset the password of ${values.email}; its sessions were signed out.`);
    return 0;
  } catch (err) {
    const kind = domainErrorKind(err);
    if (!kind) throw err;
    console.error(err instanceof Error ? err.message : String(err));
    return EXIT_CODES[kind];
  } finally {
    await database.close();
  }
}

async function removeFactor(email: string, factor: string): Promise<number> {
  const which = FACTORS.find((f) => f === factor);
  if (!which) {
    console.error(`--factor must be one of ${FACTORS.join(", ")}.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openCliDatabase(config, "npm run admin");
  if (!database) return 1;
  try {
    const { found } = await createServices(database.db, config).admins.removeFactors(email, which);
    if (!found) {
      console.error(`No admin with the e-mail ${email}.`);
      return 1;
    }
    console.log(
      `Removed ${which === "all" ? "every second factor and the recovery codes" : which} of ${email}; its sessions were signed out.`,
    );
    return 0;
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
