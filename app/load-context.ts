import type { Services } from "../server/services/services";

// What the Hono server hands to every loader and action. Loaders call these services directly,
// never the app's own HTTP API.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    clientIp: string;
  }
}

export {};
