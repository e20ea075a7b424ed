import path from "node:path";
import { openPglite } from "../../../server/platform/db/client";
import { contactMessages } from "../../../server/platform/db/schema";
import type { ScratchDatabase } from "./scratch-database";

/** The contact messages stored in a (stopped) server's PGlite data directory. */
export async function pgliteMessages(dataDir: string): Promise<Set<string>> {
  const db = await openPglite(path.join(dataDir, "pglite"));
  try {
    const rows = await db.db.select({ message: contactMessages.message }).from(contactMessages);
    return new Set(rows.map((r) => r.message));
  } finally {
    await db.close();
  }
}

/** The contact messages stored in a scratch PostgreSQL database. */
export async function postgresMessages(scratch: ScratchDatabase): Promise<Set<string>> {
  return new Set((await scratch.query<{ message: string }>("select message from contact_messages")).map((r) => r.message));
}
