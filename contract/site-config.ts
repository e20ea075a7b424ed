import { z } from "zod";
import { TaxConfigSchema } from "./tax-config";

// The company's facts for one deployment: read from SITE_CONFIG_FILE when the
// server starts, never baked into the build. Every optional fact that is left out hides its line.
const url = z.url({ protocol: /^https?$/ });

export const SiteConfigSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  tagline: z.string().trim().min(1).max(200),
  email: z.email(),
  /**
   * Where security reports and security.txt's Contact point (left out: `email`), and the prefix of the
   * advisories' ids (PREFIX-YYYY-NNN; left out: the first word of `name` in capitals).
   */
  security: z
    .strictObject({
      contact: z.email().optional(),
      advisory_prefix: z
        .string()
        .regex(/^[A-Z][A-Z0-9]{1,9}$/, "must be 2 to 10 capital letters or digits, starting with a letter")
        .optional(),
    })
    .optional(),
  phone: z
    .string()
    .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, "must be a phone number such as +91 80 4718 2290")
    .optional(),
  country: z.string().trim().min(1),
  address: z.string().trim().min(1).optional(),
  links: z.strictObject({ github: url.optional(), linkedin: url.optional(), x: url.optional(), packageIndex: url.optional() }).default({}),
  repos: z
    .strictObject({ tubelearns: url.optional(), passivePass: url.optional(), ogresync: url.optional(), dirx: url.optional() })
    .default({}),
  /** Download links of dirx per operating system; an operating system without a link gets no button. */
  downloads: z.strictObject({ macos: url.optional(), linux: url.optional(), windows: url.optional() }).default({}),
  /** YouTube video id per CAMPUS documentation entry id; an entry without one shows its illustration. */
  campusVideos: z
    .record(z.string().regex(/^[a-z0-9-]+$/), z.string().regex(/^[A-Za-z0-9_-]{11}$/, "must be an 11-character video id"))
    .default({}),
  /** GST registration and invoice numbering (contract/tax-config.ts); left out: receipts without tax lines. */
  tax: TaxConfigSchema.optional(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** What pages, feeds and e-mails read: the configured facts plus the public origin (no trailing slash). */
export type SiteFacts = SiteConfig & { origin: string };
