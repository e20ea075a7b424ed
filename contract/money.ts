// Money travels in the API as major units (rupees) with at most two decimals and is stored and summed
// as exact integer minor units (paise), so sums never drift the way binary floats do (0.1 + 0.2).
// One copy for browser and server (issue 11: toMinor was written three times).

/** 12.34 -> 1234. Input is validated to two decimals, so rounding only removes float noise. */
export const toMinor = (amount: number) => Math.round(amount * 100);

/** 1234 -> 12.34, as the API answers amounts. */
export const fromMinor = (minor: number) => Number(minor) / 100;

// Store prices (PRODUCT.md section 9): INR the Indian way, "₹1,499.00" and "₹1,23,456.50". Made once:
// building an Intl.NumberFormat is not free.
const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** 149900 -> "₹1,499.00". */
export const formatInrMinor = (minor: number) => inr.format(fromMinor(Math.round(Number.isFinite(minor) ? minor : 0)));
