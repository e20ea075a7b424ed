import { mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTemplateCopy } from "../../../tests/helpers/pglite-pool";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { restoreBackup } from "../../cli/db-restore";
import { type Database, openPglite } from "./client";
import { queryRows } from "./query-rows";
import { sql } from "drizzle-orm";
import { BACKUPS_KEPT, listBackups, startBackupJob, writeBackup } from "./backup";

// Backups of the embedded database (PGlite on disk, whatever TEST_DB says).
const root = mkdtempSync(path.join(tmpdir(), "backup-"));
let database: Database;
let t: TestApp;

describe.skipIf(process.env.TEST_DB === "postgres")("backups of the embedded database", () => {
  beforeAll(async () => {
    mkdirSync(path.join(root, "data"), { recursive: true });
    // On disk, started from the run's migrated template (tests/helpers/test-db-template.ts): the
    // backups are of real files, without an initdb and 37 migrations on disk first (6 s).
    const template = inject("pgliteTemplate");
    if (!template) throw new Error("the backup tests need the run's PGlite template (vitest.config.ts globalSetup)");
    database = await openTemplateCopy(template, path.join(root, "data", "pglite"));
    t = await createTestApp({ database, config: { CONTACT_RATE_LIMIT: 1_000_000 } });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("a backup taken while contact posts arrive holds every message acknowledged before it began", async () => {
    const acknowledged: string[] = [];
    let posting = true;
    const poster = (async () => {
      for (let n = 0; posting; n++) {
        const message = `Backup post ${n}`;
        const res = await t.request("/api/contact-general", { method: "POST", json: { name: "Backup", email: "b@example.com", message } });
        if (res.status === 201) acknowledged.push(message);
      }
    })();
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 10));
    const before = [...acknowledged];
    const file = await writeBackup(database, path.join(root, "backups"), new Date());
    while (acknowledged.length < before.length + 10) await new Promise((r) => setTimeout(r, 10));
    posting = false;
    await poster;

    const restoredDir = path.join(root, "restored");
    await restoreBackup(file, restoredDir, "the backup test");
    const restored = await openPglite(path.join(restoredDir, "pglite"));
    try {
      const rows = await queryRows<{ message: string }>(restored.db, sql`select message from contact_messages`);
      const stored = new Set(rows.map((r) => r.message));
      expect(before.filter((m) => !stored.has(m))).toEqual([]);
    } finally {
      await restored.close();
    }
    await expect(restoreBackup(file, restoredDir, "the backup test")).rejects.toThrow(/already holds a database/);
  }, 60_000);

  it("keeps the newest seven, and the daily job writes only when the newest is a day old", async () => {
    const dir = path.join(root, "rotation");
    // One real dump, written as each day's backup: what is tested here is which files are kept.
    const dump = await database.dump?.();
    if (!dump) throw new Error("an embedded database dumps itself");
    const sameDump = { dump: async () => dump };
    for (let d = 1; d <= 8; d++) await writeBackup(sameDump, dir, new Date(Date.UTC(2026, 0, d)));
    expect(listBackups(dir)).toHaveLength(BACKUPS_KEPT);
    expect(listBackups(dir)[0]).toBe("company-site-20260102T000000Z.tar.gz");

    const newest = path.join(dir, listBackups(dir).at(-1) as string);
    const lines: Record<string, unknown>[] = [];
    const now = new Date();
    const fresh = startBackupJob(sameDump, dir, { now: () => now, log: (l) => lines.push(l) });
    await fresh.stop();
    expect(lines).toEqual([]);
    utimesSync(newest, new Date(now.getTime() - 25 * 3600_000), new Date(now.getTime() - 25 * 3600_000));
    const due = startBackupJob(sameDump, dir, { now: () => now, log: (l) => lines.push(l) });
    await due.stop();
    expect(lines).toMatchObject([{ level: "info", msg: "backup written" }]);
    expect(listBackups(dir)).toHaveLength(BACKUPS_KEPT);
  }, 60_000);
});
