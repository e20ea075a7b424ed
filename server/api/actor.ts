import type { Context } from "hono";
import type { Actor } from "../platform/actor";
import type { AdminEnv } from "./require-admin";

/** The logged-in admin and their address, for the audit log of an admin change. */
export const actorOf = (c: Context<AdminEnv>): Actor => ({ adminId: c.get("admin").id, clientIp: c.get("clientIp") });
