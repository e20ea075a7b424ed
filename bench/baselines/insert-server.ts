// Baseline for the contact and store sections: a bare node:http server doing one plain statement per
// request through the same driver as the app (pg pool of 10, or PGlite), and nothing else: no
// validation, no throttle, no framework. Env: PORT and DATABASE_URL or DATA_DIR.
//   POST /          one INSERT into contact_messages (contact section)
//   POST /order     one INSERT of a pending order into orders (store section; BENCH_VERSION_ID)
//   POST /licence   the licence check's own lookup by key hash, run as the app runs it, body {key_hash}
//                   and optionally {fingerprint}, the machine whose seat it reads too (store section)
import { createServer } from "node:http";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/platform/config";
import { openDatabase } from "../../server/platform/db/open";
import { queryRows } from "../../server/platform/db/query-rows";
import { lookUpLicence } from "../../server/features/licences/licences";

async function main() {
  const config = loadConfig({ ...process.env, LOG_REQUESTS: "false" });
  const database = await openDatabase(config, "bench insert baseline");
  const versionId = Number(process.env.BENCH_VERSION_ID ?? 0);

  async function answer(url: string, body: Record<string, string>): Promise<[number, string]> {
    if (url === "/order") {
      const now = new Date();
      const rows = await queryRows<{ id: string }>(
        database.db,
        sql`insert into orders (product_version_id, customer_email, customer_name, list_amount_minor, discount_minor, amount_paid_minor,
            currency, provider, status, created_at, expires_at)
          values (${versionId}, ${body.email}, ${body.name}, 149900, 0, 149900, 'INR', 'test', 'pending', ${now.toISOString()},
            ${new Date(now.getTime() + 30 * 60_000).toISOString()})
          returning id`,
      );
      return [201, JSON.stringify({ order_id: Number(rows[0].id), status: "pending" })];
    }
    if (url === "/licence") {
      const rows = await lookUpLicence(database.db, body.key_hash, body.fingerprint ?? null);
      return [200, JSON.stringify({ valid: rows.length === 1, product_id: rows[0]?.product_id ?? null })];
    }
    await database.db.execute(sql`insert into contact_messages (source, name, email, message, client_ip)
      values ('general', ${body.name}, ${body.email}, ${body.message}, '127.0.0.1')`);
    return [201, '{"status":"success"}'];
  }

  createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST") {
        res.writeHead(200).end("ok");
        return;
      }
      const [status, text] = await answer(req.url ?? "/", JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, string>);
      res.writeHead(status, { "Content-Type": "application/json" }).end(text);
    });
  }).listen(config.PORT, "127.0.0.1");
  process.on("SIGTERM", () => void database.close().finally(() => process.exit(0)));
}

void main();
