import type * as CvssCalculator from "ae-cvss-calculator";
import { createRequire } from "node:module";
import { type AdvisorySeverity, CVSS31_BASE_VECTOR, severityOf } from "../../../contract/advisories";

// The package is one webpack-built CommonJS file: Node's ESM loader (the built server, the CLI under
// tsx) finds none of its named exports, so a named import stops the process at start. Required instead.
const { Cvss3P1 } = createRequire(import.meta.url)("ae-cvss-calculator") as typeof CvssCalculator;

/**
 * A CVSS 3.1 base vector's score (in tenths, exact) and rating, computed by {metæffekt}'s calculator.
 * The vector's form is checked first by contract/advisories.ts: the calculator itself reads a partial
 * or unknown vector as score 0 rather than refusing it. Null for a vector it does not score.
 */
export function scoreCvss31(vector: string): { tenths: number; severity: AdvisorySeverity } | null {
  if (!CVSS31_BASE_VECTOR.test(vector)) return null;
  const base = new Cvss3P1(vector).calculateScores().base;
  if (typeof base !== "number" || !Number.isFinite(base)) return null;
  const tenths = Math.round(base * 10);
  return { tenths, severity: severityOf(tenths / 10) };
}
