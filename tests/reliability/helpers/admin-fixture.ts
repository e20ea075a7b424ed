import { hashPassword } from "../../../server/features/identity/passwords";
import type { ScratchDatabase } from "./scratch-database";

export const RELIABILITY_ADMIN = { email: "reliability-admin@example.com", password: "a long reliability passphrase" };

/** Creates the admin straight in a migrated scratch database (the server holds no lock on PostgreSQL). */
export async function insertAdmin(db: ScratchDatabase): Promise<void> {
  const hash = (await hashPassword(RELIABILITY_ADMIN.password)).replaceAll("'", "''");
  await db.query(`insert into admins (email, password_hash) values ('${RELIABILITY_ADMIN.email}', '${hash}')`);
}

/** Logs in through the API as a browser behind the trusted proxy would; returns the session token. */
export async function loginToken(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(RELIABILITY_ADMIN),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { auth_token: string }).auth_token;
}
