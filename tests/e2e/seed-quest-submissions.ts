import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/platform/config";
import { openDatabase } from "../../server/platform/db/open";

// Test-only seed, run by start-server.sh before the server holds the embedded database: one judging
// quest with a licence prize and one participant's submission per Playwright project. Taking part
// (sign-in for any address, the submission API) is another area; the review spec needs only a row.
const PROJECTS = ["desktop", "phone"];

const database = await openDatabase(loadConfig(), "e2e seed");
try {
  const db = database.db;
  for (const project of PROJECTS) {
    const product = `e2e-prize-${project}`;
    await db.execute(sql`insert into products (id, name) values (${product}, ${`Prize Tool ${project}`}) on conflict (id) do nothing`);
    await db.execute(sql`insert into product_versions (product_id, version, os, features, external, python, amount_minor, for_sale, machine_limit, licence_term_months)
      values (${product}, '1.0', array['linux'], array['Scan'], '[]'::jsonb, '[]'::jsonb, 149900, true, 3, 12) on conflict do nothing`);
    const quest = await db.execute<{
      id: number;
    }>(sql`insert into quests (title, description, prize, status, prize_kind, prize_product_id, prize_version, winners)
      values (${`E2E review quest ${project}`}, 'Find the bug.', 'A licence', 'judging', 'licence', ${product}, '1.0', 1) returning id`);
    const customer = await db.execute<{ id: number }>(sql`insert into customers (email, name, display_name, public_credit)
      values (${`e2e-winner-${project}@example.com`}, 'Winner', ${`Hunter ${project}`}, true) returning id`);
    await db.execute(sql`insert into quest_submissions (quest_id, customer_id, body)
      values (${quest.rows[0].id}, ${customer.rows[0].id}, ${'Steps: <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'})`);
  }
} finally {
  await database.close();
}
