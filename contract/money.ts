// Money travels in the API as major units (rupees) with at most two decimals and is stored and summed
// as exact integer minor units (paise), so sums never drift the way binary floats do (0.1 + 0.2).
// One copy for browser and server, so the conversion cannot differ between them.

/** 12.34 -> 1234. Input is validated to two decimals, so rounding only removes float noise. */
export const toMinor = (amount: number) => Math.round(amount * 100);

/** 1234 -> 12.34, as the API answers amounts. */
export const fromMinor = (minor: number) => Number(minor) / 100;

// Store prices: INR the Indian way, "₹1,499.00" and "₹1,23,456.50". Made once,
// and only when the first price is written: the first Intl.NumberFormat of a page loads the locale's
// data, 20-50 ms on the bench machine (one long task on Lighthouse's simulated phone), and every
// static page's islands entry imports this module through the Buy box though few pages show a price.
let inr: Intl.NumberFormat | undefined;

/** 149900 -> "₹1,499.00". */
export const formatInrMinor = (minor: number) =>
  (inr ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" })).format(
    fromMinor(Math.round(Number.isFinite(minor) ? minor : 0)),
  );
