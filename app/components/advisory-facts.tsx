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

/** "2.0 up to, not including, 2.1" for each affected range. */
export function rangeText(r: { introduced: string; fixed: string | null }): string {
  const from = r.introduced === "0" ? "every version" : `${r.introduced}`;
  return r.fixed ? `${from} before ${r.fixed} (fixed in ${r.fixed})` : `${from} and later (no fix yet)`;
}
