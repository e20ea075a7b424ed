import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/features/identity/passwords";
import { loadConfig } from "../../server/platform/config";
import { openDatabase } from "../../server/platform/db/open";
import { RELIABILITY_ADMIN, loginToken } from "./helpers/admin-fixture";
import { startServer, stopServer } from "./helpers/server";

// SIGKILL the server while an admin's upload is half written, start it again, and find that nothing
// of it is offered: no row, no SHA256SUMS line, no update, and no file under a final name.

async function prepare(dataDir: string): Promise<void> {
  const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: "false" }), "artifact crash test");
  try {
    await database.db.execute(sql`insert into products (id, name) values ('crashbuild', 'Crash Build')`);
    await database.db.execute(sql`insert into product_versions (product_id, version, os, amount_minor, features, external, python)
      values ('crashbuild', '1.0', array['linux'], 0, array['x'], '[]'::jsonb, '[]'::jsonb)`);
    await database.db.execute(
      sql`insert into admins (email, password_hash) values (${RELIABILITY_ADMIN.email}, ${await hashPassword(RELIABILITY_ADMIN.password)})`,
    );
  } finally {
    await database.close();
  }
}

const partials = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".part")) : []);

/** Starts a multipart upload and keeps it open after `bytes` of the file; resolves once the server wrote some of it. */
function halfUpload(url: string, token: string, dir: string, bytes: number): Promise<void> {
  const boundary = "----crashboundary";
  const head =
    ["product_id", "version", "platform", "arch"]
      .map(
        (name, i) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${["crashbuild", "1.0", "linux", "x86_64"][i]}\r\n`,
      )
      .join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const req = request(`${url}/api/admin/artifacts`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + 10 * bytes),
    },
  });
  req.on("error", () => undefined);
  req.write(head);
  req.write(Buffer.alloc(bytes, 7));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const part = partials(dir)[0];
      if (part && statSync(path.join(dir, part)).size > 0) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > 20_000) {
        clearInterval(poll);
        reject(new Error("the upload never reached the disk"));
      }
    }, 50);
  });
}

describe("artifact upload crash", () => {
  it("a server killed mid-upload offers no half file after restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rel-artifacts-"));
    await prepare(dataDir);
    const artifactsDir = path.join(dataDir, "artifacts");
    const first = await startServer({ dataDir });
    try {
      await halfUpload(first.url, await loginToken(first.url), artifactsDir, 1024 * 1024);
    } finally {
      await stopServer(first, "SIGKILL");
    }
    expect(partials(artifactsDir)).toHaveLength(1);

    const second = await startServer({ dataDir });
    try {
      const token = await loginToken(second.url);
      const list = await fetch(`${second.url}/api/admin/artifacts?product_id=crashbuild`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await list.json()).toEqual({ artifacts: [] });
      expect((await fetch(`${second.url}/releases/crashbuild/1.0/SHA256SUMS`)).status).toBe(404);
      const update = await fetch(`${second.url}/api/updates/check?product_id=crashbuild&version=0.1&platform=linux&arch=x86_64`);
      expect(update.status).toBe(204);
      // Only the partial file is on disk: nothing under a final name that a later row could point to.
      expect(readdirSync(artifactsDir).every((n) => n.endsWith(".part"))).toBe(true);
    } finally {
      await stopServer(second);
    }
  });
});
