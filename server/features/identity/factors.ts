import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { adminPasskeys, adminRecoveryCodes, admins, adminTotp } from "../../platform/db/schema";

export type MfaMethod = "totp" | "recovery_code" | "passkey";

/** The second factors an admin can sign in with; empty means password alone (or no such admin). One round trip. */
export async function mfaMethods(db: Db, adminId: number): Promise<MfaMethod[]> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${adminTotp} where ${adminTotp.adminId} = ${adminId} and ${adminTotp.enabledAt} is not null)`,
      codes: sql<boolean>`exists (select 1 from ${adminRecoveryCodes} where ${adminRecoveryCodes.adminId} = ${adminId}
        and ${adminRecoveryCodes.usedAt} is null)`,
      passkeys: sql<boolean>`exists (select 1 from ${adminPasskeys} where ${adminPasskeys.adminId} = ${adminId})`,
    })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!row) return [];
  const methods: MfaMethod[] = [];
  if (row.totp) methods.push("totp");
  if (row.passkeys) methods.push("passkey");
  // Recovery codes stand in for a lost factor; alone they are not a factor.
  if (row.codes && methods.length > 0) methods.push("recovery_code");
  return methods;
}
