import { z } from "zod";

/**
 * The Open Source Vulnerability format (OSV schema 1.6, https://ossf.github.io/osv-schema/), written
 * from its specification for the fields an advisory here can carry: what /security/advisories/:id.json
 * serves is checked against it field by field. Every timestamp is RFC 3339 in UTC with the "Z" suffix.
 */
export const OSV_SCHEMA_VERSION = "1.6.0";

const rfc3339Utc = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, "must be an RFC 3339 timestamp in UTC (ending in Z)");

/** One event of a range: exactly one of introduced, fixed, last_affected or limit. */
const OsvEventSchema = z.union([
  z.strictObject({ introduced: z.string().min(1) }),
  z.strictObject({ fixed: z.string().min(1) }),
  z.strictObject({ last_affected: z.string().min(1) }),
  z.strictObject({ limit: z.string().min(1) }),
]);

const OsvRangeSchema = z
  .strictObject({
    type: z.enum(["GIT", "SEMVER", "ECOSYSTEM"]),
    repo: z.string().optional(),
    events: z.array(OsvEventSchema).min(1),
    database_specific: z.record(z.string(), z.unknown()).optional(),
  })
  // The specification: a range must have at least one "introduced" event; a GIT range names its repo.
  .refine((r) => r.events.some((e) => "introduced" in e), "a range needs an introduced event")
  .refine((r) => r.type !== "GIT" || !!r.repo, "a GIT range needs its repo");

export const OSV_SEVERITY_TYPES = ["CVSS_V2", "CVSS_V3", "CVSS_V4", "Ubuntu"] as const;
const OsvSeveritySchema = z.strictObject({ type: z.enum(OSV_SEVERITY_TYPES), score: z.string().min(1) });

export const OSV_REFERENCE_TYPES = [
  "ADVISORY",
  "ARTICLE",
  "DETECTION",
  "DISCUSSION",
  "REPORT",
  "FIX",
  "INTRODUCED",
  "GIT",
  "PACKAGE",
  "EVIDENCE",
  "WEB",
] as const;

export const OSV_CREDIT_TYPES = [
  "FINDER",
  "REPORTER",
  "ANALYST",
  "COORDINATOR",
  "REMEDIATION_DEVELOPER",
  "REMEDIATION_REVIEWER",
  "REMEDIATION_VERIFIER",
  "TOOL",
  "SPONSOR",
  "OTHER",
] as const;

const OsvAffectedSchema = z.strictObject({
  package: z.strictObject({ ecosystem: z.string().min(1), name: z.string().min(1), purl: z.string().optional() }),
  severity: z.array(OsvSeveritySchema).optional(),
  ranges: z.array(OsvRangeSchema).optional(),
  versions: z.array(z.string()).optional(),
  ecosystem_specific: z.record(z.string(), z.unknown()).optional(),
  database_specific: z.record(z.string(), z.unknown()).optional(),
});

export const OsvSchema = z.strictObject({
  schema_version: z.string().regex(/^\d+\.\d+\.\d+$/),
  id: z.string().regex(/^[A-Za-z0-9]+-[A-Za-z0-9._:-]+$/, "must be <DATABASE>-<ENTRY>"),
  modified: rfc3339Utc,
  published: rfc3339Utc.optional(),
  withdrawn: rfc3339Utc.optional(),
  aliases: z.array(z.string()).optional(),
  upstream: z.array(z.string()).optional(),
  related: z.array(z.string()).optional(),
  summary: z.string().optional(),
  details: z.string().optional(),
  severity: z.array(OsvSeveritySchema).optional(),
  affected: z.array(OsvAffectedSchema).optional(),
  references: z.array(z.strictObject({ type: z.enum(OSV_REFERENCE_TYPES), url: z.url() })).optional(),
  credits: z
    .array(z.strictObject({ name: z.string().min(1), contact: z.array(z.string()).optional(), type: z.enum(OSV_CREDIT_TYPES).optional() }))
    .optional(),
  database_specific: z.record(z.string(), z.unknown()).optional(),
});
export type Osv = z.infer<typeof OsvSchema>;
