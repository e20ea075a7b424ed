import path from "node:path";
import { expect, it } from "vitest";
import { openPglite } from "../../server/db/client";
import { contactMessages } from "../../server/db/schema";
import { startServer, stopServer } from "./helpers/server";

// SIGKILL the server mid-load: every message answered 201 must survive on the PGlite data dir.
const rounds = Number(process.env.RELIABILITY_ROUNDS ?? 10);
let dataDir = "";
const acked = new Set<string>();

async function fireUntilDead(url: string): Promise<void> {
  let n = 0;
  const worker = async () => {
    for (;;) {
      const message = `rel ${process.pid} ${Date.now()} ${n++} ${Math.random()}`;
      try {
        const res = await fetch(`${url}/api/contact-general`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Rel Test", email: "rel@example.com", message }),
        });
        if (res.status === 201) acked.add(message);
      } catch {
        return; // server gone
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

it(`keeps every acknowledged contact message across ${rounds} SIGKILLs`, async () => {
  for (let i = 0; i < rounds; i++) {
    const server = await startServer(dataDir ? { dataDir } : {});
    dataDir = server.dataDir;
    const load = fireUntilDead(server.url);
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 500));
    await stopServer(server, "SIGKILL");
    await load;
  }
  const db = await openPglite(path.join(dataDir, "pglite"));
  const rows = await db.db.select({ message: contactMessages.message }).from(contactMessages);
  await db.close();
  const stored = new Set(rows.map((r) => r.message));
  const lost = [...acked].filter((m) => !stored.has(m));
  console.log(`crash rounds (pglite): ${rounds}, acknowledged: ${acked.size}, stored: ${stored.size}, lost: ${lost.length}`);
  expect(acked.size).toBeGreaterThan(0);
  expect(lost).toEqual([]);
}, 300_000);

