import { describeErrorForLog, logLine } from "../../platform/log";
import { startRepeatingJob } from "../../platform/repeating-job";
import type { Store } from "./store";

export type RefundSweepOptions = { intervalMs?: number };

/**
 * Every `intervalMs` (2 minutes), in every app process: refunds whose `refund.processed` webhook has
 * not come are asked of the provider (./refund-sweep.ts claims each for one process only). Started
 * after migrations; stop() waits for a round in progress, so it can run before the database closes.
 */
export function startRefundSweep(store: Pick<Store, "refundSweep">, options: RefundSweepOptions = {}) {
  const round = async () => {
    try {
      const counts = await store.refundSweep.sweepPending();
      if (counts.processed || counts.failed || counts.errors) logLine({ level: "info", msg: "refund sweep", ...counts });
    } catch (err) {
      logLine({ level: "error", msg: "refund sweep failed", ...describeErrorForLog(err) });
    }
  };
  // The first round a minute after start: not in the way of the start itself.
  return startRepeatingJob(round, options.intervalMs ?? 2 * 60_000, 60_000);
}
