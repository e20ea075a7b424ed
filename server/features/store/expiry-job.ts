import { describeErrorForLog, logLine } from "../../platform/log";
import { startRepeatingJob } from "../../platform/repeating-job";
import type { Store } from "./store";

export type StoreExpiryOptions = { intervalMs?: number };

/**
 * Every `intervalMs` (15 s): pending orders past their 30 minutes fail and free their coupon, and
 * paid orders at the end of their term become expired. Each sweep claims rows with FOR UPDATE SKIP
 * LOCKED (./expiry.ts), so every app process can run this job on one PostgreSQL.
 * Started after migrations; stop() waits for a sweep in progress, so it can run before the database closes.
 */
export function startStoreExpiry(store: Pick<Store, "expiry">, options: StoreExpiryOptions = {}) {
  const sweep = async (stopped: () => boolean) => {
    try {
      // A full batch means more may be due: go again at once (bounded, so one tick cannot run forever).
      for (let i = 0; i < 20 && !stopped(); i++) {
        const failed = await store.expiry.expirePending();
        const expired = await store.expiry.expireTerms();
        if (failed || expired) logLine({ level: "info", msg: "store expiry", pendingFailed: failed, termsExpired: expired });
        if (failed < 500 && expired < 500) break;
      }
    } catch (err) {
      logLine({ level: "error", msg: "store expiry failed", ...describeErrorForLog(err) });
    }
  };
  return startRepeatingJob(sweep, options.intervalMs ?? 15_000);
}
