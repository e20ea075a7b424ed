import type { Config } from "../../platform/config";
import type { LogFields } from "../../platform/log";

type PaymentSettings = Pick<Config, "NODE_ENV" | "PAYMENT_PROVIDER">;

/**
 * A production server still on the built-in test provider: its sandbox page lets anyone press Pay
 * and get a valid licence key without paying. `test` stays the default (a fresh install works
 * without Razorpay keys), so the server says it at start and the admin overview shows it.
 */
export const testPaymentsInProduction = (config: PaymentSettings) => config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "test";

export const HOW_TO_TAKE_REAL_PAYMENTS =
  "set PAYMENT_PROVIDER=razorpay with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, then restart";

/** One JSON warning line at start when payments are in test mode in production. */
export function warnIfTestPayments(config: PaymentSettings, log: (fields: LogFields) => void): void {
  if (!testPaymentsInProduction(config)) return;
  log({
    level: "warn",
    msg: `PAYMENT_PROVIDER=test in production: anyone can pay in the built-in sandbox and get a valid licence; to take real payments, ${HOW_TO_TAKE_REAL_PAYMENTS}`,
  });
}
