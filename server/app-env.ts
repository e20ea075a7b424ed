import type { Config } from "./platform/config";
import type { Services } from "./services";

/**
 * The Hono context variables every request carries (set by server/app.ts's first middleware).
 * A leaf module, so server/api/* can type their handlers without importing server/app.ts (which
 * imports them: importing it back would be an import cycle).
 */
export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string;
    https: boolean;
    services: Services;
    config: Config;
  };
};
