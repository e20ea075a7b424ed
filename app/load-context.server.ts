import type { Config } from "../server/platform/config";
import type { Services } from "../server/services";
import type { QuestFormRefusal } from "../server/features/quests";

// What the Hono server hands to every loader and action. Loaders call these services directly,
// never the app's own HTTP API, and read settings from the parsed config (never process.env).
// A .server module: it names server types, which only server code may reach (the import rules in eslint.config.js, decision 009).
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    config: Config;
    cspNonce: string;
    clientIp: string;
    /** Whether the client reached us over HTTPS (decides which session cookie counts). */
    https: boolean;
    /** Logs an error of this request as one sanitised JSON line (React Router's handleError). */
    reportError: (error: unknown, request: Request) => void;
    /** Set only when the quest page is rendered for its refused multipart form (server/features/quests/submission-form.routes.ts). */
    questForm?: QuestFormRefusal;
  }
}

export {};
