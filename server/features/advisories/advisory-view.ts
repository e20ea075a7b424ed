import type { advisories } from "../../platform/db/schema";

/** An advisory as stored, with its product's catalogue name. */
export type Advisory = typeof advisories.$inferSelect & { productName: string };

/** A CVSS score kept in tenths (so it sorts and compares as an integer) as people read it: 75 → "7.5". */
export const advisoryScore = (tenths: number) => (tenths / 10).toFixed(1);

/**
 * What every screen shows of an advisory, the admins' and the public pages alike: its facts as
 * stored, and the score as people read it. Each screen adds what only it shows (dates in its own
 * form, credits, status).
 */
export function advisoryView(a: Advisory) {
  return {
    id: a.id,
    title: a.title,
    summary: a.summary,
    productId: a.productId,
    productName: a.productName,
    ranges: a.ranges,
    cvssVector: a.cvssVector,
    score: advisoryScore(a.cvssScoreTenths),
    severity: a.severity,
    cveId: a.cveId,
  };
}
