import { type AdvisorySeverity, SEVERITY_LABEL } from "../../contract/advisories";

const SEVERITY_CLASS = {
  none: "bg-slate-100 text-slate-900",
  low: "bg-sky-100 text-sky-900",
  medium: "bg-amber-100 text-amber-900",
  high: "bg-orange-100 text-orange-900",
  critical: "bg-red-100 text-red-900",
} as const;

/** An advisory's severity as a labelled badge: the word and the CVSS score, never colour alone. */
export function SeverityBadge({ severity, score }: { severity: AdvisorySeverity; score: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${SEVERITY_CLASS[severity]}`}>
      {SEVERITY_LABEL[severity]} {score}
    </span>
  );
}

/** An affected range in words: "2.0 before 2.1 (fixed in 2.1)", "2.0 and later (no fix yet)", "every version (no fix yet)". */
export function rangeText(r: { introduced: string; fixed: string | null }): string {
  if (r.introduced === "0") return r.fixed ? `every version before ${r.fixed} (fixed in ${r.fixed})` : "every version (no fix yet)";
  return r.fixed ? `${r.introduced} before ${r.fixed} (fixed in ${r.fixed})` : `${r.introduced} and later (no fix yet)`;
}
