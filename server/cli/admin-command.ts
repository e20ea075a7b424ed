import { z } from "zod";
import { formatDateTime } from "../../contract/time";
import { describeError } from "../platform/errors";
import { makeEd25519Key } from "../platform/secrets/signing-keys";
import type { Services } from "../services";

// What `npm run admin` does once its arguments are checked, run either by the CLI on the database it
// opened or, when the server holds the embedded database, by that server (server/cli/admin-socket.ts).
export const AdminCommandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("create"), email: z.string().max(1024), password: z.string().max(4096) }),
  z.object({ command: z.literal("remove-factor"), email: z.string().max(1024), factor: z.enum(["totp", "passkeys", "all"]) }),
  // npm run keys -- rotate licence|release (server/cli/keys.ts)
  z.object({ command: z.literal("rotate-key"), purpose: z.enum(["licence", "release"]) }),
]);
export type AdminCommand = z.infer<typeof AdminCommandSchema>;

/** The exit code and the lines the CLI prints (stdout, stderr). */
export const AdminCommandResultSchema = z.object({ code: z.number().int(), out: z.string().optional(), err: z.string().optional() });
export type AdminCommandResult = z.infer<typeof AdminCommandResultSchema>;

export async function runAdminCommand(
  services: Pick<Services, "admins" | "signingKeys">,
  command: AdminCommand,
): Promise<AdminCommandResult> {
  if (command.command === "rotate-key") {
    // The old key stays published and trusted; only its public facts are printed, never a secret.
    const key = await services.signingKeys.rotate(command.purpose, makeEd25519Key);
    return {
      code: 0,
      out: `New ${command.purpose} key ${key.keyId}, made ${formatDateTime(key.createdAt)} (${key.createdAt.toISOString()}); it signs from now on, the old key stays trusted for verification.`,
    };
  }
  const { email } = command;
  if (command.command === "remove-factor") {
    const { factor } = command;
    const { found } = await services.admins.removeFactors(email, factor);
    if (!found) return { code: 1, err: `No admin with the e-mail ${email}.` };
    const what = factor === "all" ? "every second factor and the recovery codes" : factor;
    return { code: 0, out: `Removed ${what} of ${email}; its sessions were signed out.` };
  }
  try {
    const result = await services.admins.createOrReset(email, command.password);
    return { code: 0, out: result.created ? `Created admin ${email}.` : `Reset the password of ${email}; its sessions were signed out.` };
  } catch (err) {
    // The one mapping of domain errors (server/platform/errors.ts): a refused input exits 2, others 1.
    const described = describeError(err);
    if (!described) throw err;
    return { code: described.exitCode, err: described.message };
  }
}
