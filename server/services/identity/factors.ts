import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";

export type MfaMethod = "totp" | "recovery_code" | "passkey";

/** The second factors an admin can sign in with; empty means password alone. One round trip. */
export async function mfaMethods(db: Db, adminId: number): Promise<MfaMethod[]> {
  const [row] = await queryRows<{ totp: boolean; codes: boolean; passkeys: boolean }>(
    db,
    sql`select
      exists (select 1 from admin_totp where admin_id = ${adminId} and enabled_at is not null) as totp,
      exists (select 1 from admin_recovery_codes where admin_id = ${adminId} and used_at is null) as codes,
      exists (select 1 from admin_passkeys where admin_id = ${adminId}) as passkeys`,
  );
  const methods: MfaMethod[] = [];
  if (row.totp) methods.push("totp");
  if (row.passkeys) methods.push("passkey");
  // Recovery codes stand in for a lost factor; alone they are not a factor.
  if (row.codes && methods.length > 0) methods.push("recovery_code");
  return methods;
}
