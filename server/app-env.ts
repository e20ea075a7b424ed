import type { Config } from "./platform/config";

/**
 * The services every request carries. server/services.ts, the composition root, declares it to be
 * its `Services` (declaration merging, as app/load-context.server.ts does for React Router's
 * AppLoadContext), so this leaf names no area: an area's routes files type their handlers through it
 * without an import circle through services.ts and every other area.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by server/services.ts
export interface RequestServices {}

/**
 * The Hono context variables every request carries (set by server/app.ts's first middleware).
 * A leaf module, so server/api/* can type their handlers without importing server/app.ts (which
 * imports them).
 */
export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string;
    https: boolean;
    services: RequestServices;
    config: Config;
  };
};
