import { formatInrMinor, toMinor as exactMinor } from "../../contract/money";

// Money is handled in integer minor units (cents) so that sums and percentages never drift the way
// binary floats do (0.1 + 0.2). Amounts arrive from the API as numbers with at most two decimals.

/** 12.34 -> 1234 for what a form holds: text or number; NaN and negative input become 0. */
export function toMinor(amount: number | string): number {
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return exactMinor(n);
}

/** 1499 -> "₹1,499.00". Takes rupees as the API answers them (exact to the paisa, decision 003). */
export const formatInr = (rupees: number) => formatInrMinor(Number.isFinite(rupees) ? exactMinor(rupees) : 0);
