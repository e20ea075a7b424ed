import type { LogFields } from "../../platform/log";
import type { PaymentProvider } from "../../integrations/payments/provider";
import type { ServiceDeps } from "../../platform/service-deps";
import { type RateLimiter, throttlePerMinute } from "../../platform/rate-limit";
import type { StoreSecrets } from "./secrets";

/** What every part of the store is built from. `log` writes one JSON line (never a key, token or e-mail). */
export type StoreContext = ServiceDeps & {
  rateLimiter: RateLimiter;
  secrets: StoreSecrets;
  provider: PaymentProvider;
  log: (fields: LogFields) => void;
};

/** Paid orders: on the dashboard, with a licence. */
export const PAID_STATUSES = ["placed", "active", "expired"] as const;
export const PENDING_MINUTES = 30;

/**
 * One shared counter per client IP for checkouts, in the database so every instance counts alike
 * (one atomic upsert per hit; the licence calls count in leases in the licences area, decision 020).
 */
export async function throttle(ctx: StoreContext, kind: "checkout", clientIp: string): Promise<void> {
  await throttlePerMinute(ctx.rateLimiter, `${kind}:${clientIp}`, ctx.config.CHECKOUT_RATE_LIMIT);
}

/** Minor units (paise) to the API's decimal rupees (decision 003). */
export { fromMinor as rupees } from "../../../contract/money";

/** The discount of `percent` on `amountMinor`, rounded to the paisa (half up), never above the amount. */
export function discountMinor(amountMinor: number, percent: number): number {
  return Math.min(amountMinor, Math.floor((amountMinor * percent + 50) / 100));
}

export { iso } from "../../platform/db/query-rows";
