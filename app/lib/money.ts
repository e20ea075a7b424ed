// Money is handled in integer minor units (cents) so that sums and percentages never drift the way
// binary floats do (0.1 + 0.2). Amounts arrive from the API as numbers with at most two decimals.

/** 12.34 -> 1234. Rounds to the nearest cent; NaN and negative input become 0. */
export function toMinor(amount: number | string): number {
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.round(n * 100);
}

/** 1234 -> "12.34"; always two decimals. */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export const formatAmount = (amount: number | string) => formatMinor(toMinor(amount));

// Store prices (PRODUCT.md section 9): INR shown the Indian way, "₹1,499.00" and "₹1,23,456.50".
// One formatter for every store page, made once (building an Intl.NumberFormat is not free).
const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** 1499 -> "₹1,499.00". Takes rupees as the API answers them (exact to the paisa, decision 003). */
export const formatInr = (rupees: number) => inr.format(Number.isFinite(rupees) ? Math.round(rupees * 100) / 100 : 0);
