// npm run seed:demo: fills an EMPTY database with demo products, coupons, patches, quests, customers
// and orders (last 30 days) so every admin screen has something to show. Refuses a non-empty one, and
// a DATA_DIR without a database unless given --new-database (server/cli/cli-database.ts).
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config";
import { announceDatabase, openCliDatabase, runTool } from "./cli-tool";
import { DEMO_PRODUCTS } from "./seed-demo-data";
import { seedDemo } from "./seed-demo-run";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { "new-database": { type: "boolean" } } });
  const config = loadConfig();
  if (!announceDatabase("npm run seed:demo", config, values["new-database"] === true)) return 1;
  const database = await openCliDatabase(config, "npm run seed:demo");
  if (!database) return 1;
  try {
    const result = await seedDemo(database.db, config, new Date());
    if (!result) {
      console.error(
        "The database already holds products, customers, orders or quests; seed:demo only fills an empty database. Nothing was changed.",
      );
      return 1;
    }
    console.log(
      `Seeded ${DEMO_PRODUCTS.length} products, ${result.versions} versions, ${result.coupons} coupons, ${result.customers} customers and ${result.orders} orders.`,
    );
    console.log(
      `A customer to try the account with: ${result.customerEmail} at /account/sign-in. With no SMTP_URL and NODE_ENV not production, the server prints the sign-in code on its console.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runTool("seed:demo failed", main);
