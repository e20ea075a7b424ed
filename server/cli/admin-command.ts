import { z } from "zod";
import { describeError } from "../platform/errors";
import type { Services } from "../services";

// What `npm run admin` does once its arguments are checked, run either by the CLI on the database it
// opened or, when the server holds the embedded database, by that server (server/cli/admin-socket.ts).
export const AdminCommandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("create"), email: z.string().max(1024), password: z.string().max(4096) }),
  z.object({ command: z.literal("remove-factor"), email: z.string().max(1024), factor: z.enum(["totp", "passkeys", "all"]) }),
]);
export type AdminCommand = z.infer<typeof AdminCommandSchema>;

/** The exit code and the lines the CLI prints (stdout, stderr). */
export const AdminCommandResultSchema = z.object({ code: z.number().int(), out: z.string().optional(), err: z.string().optional() });
export type AdminCommandResult = z.infer<typeof AdminCommandResultSchema>;

export async function runAdminCommand(services: Pick<Services, "admins">, command: AdminCommand): Promise<AdminCommandResult> {
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
