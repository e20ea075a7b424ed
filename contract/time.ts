/** One day in milliseconds: the date ranges of the dashboard, coupons, audit and retention (one copy). */
export const DAY_MS = 86_400_000;
