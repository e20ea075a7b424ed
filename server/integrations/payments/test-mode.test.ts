import { describe, expect, it } from "vitest";
import type { LogFields } from "../../platform/log";
import { testPaymentsInProduction, warnIfTestPayments } from "./test-mode";

describe("payments in test mode", () => {
  it("warns once, as one line, when production runs the built-in test provider", () => {
    const lines: LogFields[] = [];
    warnIfTestPayments({ NODE_ENV: "production", PAYMENT_PROVIDER: "test" }, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", msg: expect.stringContaining("PAYMENT_PROVIDER=razorpay") });
  });

  it.each([
    ["production", "razorpay"],
    ["development", "test"],
    ["test", "test"],
  ] as const)("is quiet with NODE_ENV=%s and PAYMENT_PROVIDER=%s", (NODE_ENV, PAYMENT_PROVIDER) => {
    const lines: LogFields[] = [];
    warnIfTestPayments({ NODE_ENV, PAYMENT_PROVIDER }, (l) => lines.push(l));
    expect(lines).toEqual([]);
    expect(testPaymentsInProduction({ NODE_ENV, PAYMENT_PROVIDER })).toBe(false);
  });
});
