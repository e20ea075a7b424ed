// Baseline for the contact section: a bare node:http server doing one plain INSERT per POST
// through the same driver as the app (pg pool of 10, or PGlite), and nothing else: no
// validation, no throttle, no framework. Env: PORT and DATABASE_URL or DATA_DIR.
import { createServer } from "node:http";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/open";

async function main() {
  const config = loadConfig({ ...process.env, LOG_REQUESTS: "false" });
  const database = await openDatabase(config, "bench insert baseline");
  createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST") {
        res.writeHead(200).end("ok");
        return;
      }
      const fields = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { name: string; email: string; message: string };
      await database.db.execute(sql`insert into contact_messages (source, name, email, message, client_ip)
        values ('general', ${fields.name}, ${fields.email}, ${fields.message}, '127.0.0.1')`);
      res.writeHead(201, { "Content-Type": "application/json" }).end('{"status":"success"}');
    });
  }).listen(config.PORT, "127.0.0.1");
  process.on("SIGTERM", () => void database.close().finally(() => process.exit(0)));
}

void main();
