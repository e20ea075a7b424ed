import { z } from "zod";

// Apart from contract/money.ts, which the store's islands import: that one stays free of zod.
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Money as a client sends it: a JSON number, or a decimal string as a form posts it ("1000",
 * "1000.00"). Never an exponent ("1e3"), hex, "Infinity" or a blank, which Number() would read as
 * an amount (a blank as 0). The number then meets `range` (limits, two decimals).
 */
export const moneyInput = (range: z.ZodType<number, number>, blankMessage = "Enter the amount as a number.") =>
  z
    .union([z.number(), z.string()], "Enter the amount as a number.")
    .transform((value, ctx) => {
      if (typeof value === "number") return value;
      const typed = value.trim();
      if (DECIMAL.test(typed)) return Number(typed);
      ctx.addIssue({ code: "custom", message: typed ? "Enter the amount as a number." : blankMessage });
      return z.NEVER;
    })
    .pipe(range);
