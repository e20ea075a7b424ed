import { z } from "zod";

// Security advisories (docs/decisions/110-advisories.md): written by the admins, published as HTML, an Atom
// feed and OSV JSON (contract/osv.ts), listed by the update check for the caller's version.

export const ADVISORY_STATUSES = ["draft", "published", "withdrawn"] as const;
export type AdvisoryStatus = (typeof ADVISORY_STATUSES)[number];

export const ADVISORY_SEVERITIES = ["none", "low", "medium", "high", "critical"] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];

/** The rating as it is written on pages and in mails. */
export const SEVERITY_LABEL: Record<AdvisorySeverity, string> = {
  none: "None",
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/** CVSS 3.1's qualitative rating of a base score (specification section 5). */
export function severityOf(score: number): AdvisorySeverity {
  if (score === 0) return "none";
  if (score < 4) return "low";
  if (score < 7) return "medium";
  if (score < 9) return "high";
  return "critical";
}

/** An advisory's id: PREFIX-YYYY-NNN (the number counts per year and grows past 999 when it must). */
export const ADVISORY_ID = /^[A-Z][A-Z0-9]{1,9}-\d{4}-\d{3,}$/;
/** A CVE id as MITRE assigns them: CVE-YYYY-NNNN, four or more digits. */
export const CVE_ID = /^CVE-\d{4}-\d{4,}$/;
/**
 * A CVSS 3.1 base vector with all eight base metrics in the specification's order; the temporal and
 * environmental groups are not taken (an advisory states the base score).
 */
export const CVSS31_BASE_VECTOR = /^CVSS:3\.1\/AV:[NALP]\/AC:[LH]\/PR:[NLH]\/UI:[NR]\/S:[UC]\/C:[NLH]\/I:[NLH]\/A:[NLH]$/;
/** A version as the catalogue writes them: dotted numbers. "0" as `introduced` means "every version before the fix". */
export const DOTTED_VERSION = /^\d{1,6}(\.\d{1,6}){0,3}$/;

const blankIsMissing = (s: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), s.optional());
const hasControl = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const oneLine = (s: z.ZodString) => s.refine((v) => !hasControl(v), "Line breaks and control characters are not allowed.");
// A checkbox posts "on"; JSON callers send a boolean.
const tick = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const AdvisoryRangeSchema = z.object({
  introduced: z
    .string("Give the first affected version.")
    .trim()
    .regex(DOTTED_VERSION, "Write a version such as 2.0 (dotted numbers), or 0 for every version before the fix."),
  fixed: blankIsMissing(
    z.string().trim().regex(DOTTED_VERSION, "Write the fixing version such as 2.1 (dotted numbers), or leave it empty."),
  ),
});
export type AdvisoryRange = z.infer<typeof AdvisoryRangeSchema>;

export const AdvisoryCreditSchema = z.object({
  name: oneLine(z.string().trim().min(1, "Give the name to credit.").max(120, "At most 120 characters.")),
  /** Listed on the advisory and /security/thanks only when the person agreed to it. */
  consent: tick.default(false),
});

/** The admin's draft or edit of an advisory (POST /dashboard/advisories and its edit form). */
export const AdvisoryInputSchema = z.object({
  title: oneLine(z.string().trim().min(1, "Give the advisory a title.").max(200, "At most 200 characters.")),
  summary: oneLine(z.string().trim().min(1, "Write a one-line summary.").max(300, "At most 300 characters.")),
  details: z.string().trim().min(1, "Describe the vulnerability, its impact and the fix.").max(50_000, "At most 50,000 characters."),
  product_id: z
    .string("Choose a product.")
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "Choose a product from the list."),
  ranges: z.array(AdvisoryRangeSchema).min(1, "Give at least one affected range.").max(10, "At most 10 ranges."),
  cvss_vector: z
    .string("Give the CVSS 3.1 vector.")
    .trim()
    .regex(CVSS31_BASE_VECTOR, "Write a CVSS 3.1 base vector such as CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H."),
  cve_id: blankIsMissing(z.string().trim().toUpperCase().regex(CVE_ID, "Write a CVE id such as CVE-2026-12345, or leave it empty.")),
  credits: z.array(AdvisoryCreditSchema).max(20, "At most 20 credits.").default([]),
});
export type AdvisoryInput = z.infer<typeof AdvisoryInputSchema>;

/** What the update check (and the Tauri call) adds for the caller's version. */
export const UpdateAdvisorySchema = z.object({
  id: z.string().regex(ADVISORY_ID),
  severity: z.enum(ADVISORY_SEVERITIES),
  summary: z.string(),
  fixed_in: z.string().nullable(),
});
export type UpdateAdvisory = z.infer<typeof UpdateAdvisorySchema>;
