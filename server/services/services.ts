import type { Config } from "../config";
import type { Db } from "../db/client";
import { createAdmins } from "./admins";
import { createAudit } from "./audit";
import { createAuth } from "./auth";
import { createContact } from "./contact";
import type { ServiceDeps } from "./deps";
import { createRateLimiter } from "./rate-limit";

/** Builds every service once at start; the API handlers and React Router loaders share them. */
export function createServices(db: Db, config: Config, now: () => Date = () => new Date()) {
  const deps: ServiceDeps = { db, config, now };
  const audit = createAudit(deps);
  const rateLimiter = createRateLimiter(deps);
  return {
    audit,
    rateLimiter,
    admins: createAdmins({ ...deps, audit }),
    auth: createAuth({ ...deps, audit, rateLimiter }),
    contact: createContact({ ...deps, rateLimiter }),
  };
}

export type Services = ReturnType<typeof createServices>;
