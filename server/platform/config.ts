import { z } from "zod";
import type { SiteConfig } from "../../contract/site-config";
import { loadSiteConfig, resolvePublicOrigin } from "./site-facts";

// The only reader of process.env. Everything else receives a parsed Config.
const SECRETS_KEY = /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?|[A-Za-z0-9_-]{43})$/;
const ConfigSchema = z
  .object({
    // `production` only where the operator says so: the live site (deploy/company-site.env.example).
    // Unset is a local run of the built server (`npm start` on a clone): sign-in codes on the console
    // while SMTP_URL is unset, no test-payments warning. Decision 094.
    NODE_ENV: z
      .enum(["development", "production", "test"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./data"),
    // Embedded database only: a dump written here once a day (and by `npm run db -- backup`), newest 7 kept.
    BACKUP_DIR: z
      .string()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Address of the reverse proxy whose X-Forwarded-For is believed ("loopback" accepts 127.0.0.1/::1).
    TRUST_PROXY: z.string().optional(),
    // Public origin such as https://example.com: canonical URLs, og tags, sitemap, robots, feed, e-mail
    // links, the same-origin check. Read at start: prerendered pages are rendered again with it.
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    // JSON file with the company's facts (contract/site-config.ts), validated at start.
    SITE_CONFIG_FILE: z.string().min(1).default("site.config.example.json"),
    COUPON_PREFIX: z
      .string()
      .regex(/^[A-Z0-9]{2,8}$/, "must be 2-8 upper-case letters or digits")
      .default("ONI"),
    // Contact form posts allowed per client IP per minute.
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    // Store. `test` is the embedded sandbox; `razorpay` needs the three RAZORPAY_* values.
    PAYMENT_PROVIDER: z.enum(["test", "razorpay"]).default("test"),
    // Key secret and webhook secret of the test provider; unset: generated at first start and stored.
    PAYMENT_TEST_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    // Keys the licence-key hash and encryption (decision 012); unset: generated at first start and stored.
    LICENCE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Checkout calls (quote, order, confirm) and licence calls allowed per client IP per minute.
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    LICENCE_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    // New machines one licence may activate in any 24 hours (freeing a seat does not give one back).
    LICENCE_ACTIVATIONS_PER_DAY: z.coerce.number().int().min(1).default(10),
    // Uploaded builds (releases area); unset: DATA_DIR/artifacts. The largest upload accepted, in bytes.
    ARTIFACTS_DIR: z
      .string()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    ARTIFACT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(2 * 1024 ** 3),
    // Production release signing (docs/decisions/104-signed-releases.md): the minisign public key line
    // (`RW…`, the second line of minisign.pub) whose secret, kept off the server, signs every build;
    // each upload then carries its `.minisig`. Unset: the server signs with its own release key.
    RELEASE_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^RW[QRST][A-Za-z0-9+/]{53}$/, "must be a minisign public key line (the base64 line of minisign.pub, starting RW)")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // A build upload is not bound by REQUEST_TIMEOUT_MS (a large build on a slow link takes hours):
    // it is cut when no byte arrives for ARTIFACT_UPLOAD_IDLE_MS, and in any case after
    // ARTIFACT_UPLOAD_TIMEOUT_MS (server/platform/http/request-deadlines.ts).
    ARTIFACT_UPLOAD_IDLE_MS: z.coerce.number().int().min(1000).default(60_000),
    ARTIFACT_UPLOAD_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(4 * 3600_000),
    // Admin sign-in posts (both steps and passkeys together) per client IP per minute; the per-account
    // failure lockout is separate and not configurable.
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    // Admin identity (decision 018): 32 bytes as base64 or 64 hex digits, encrypting TOTP secrets at rest.
    // Unset: generated at first start into DATA_DIR/admin-secrets.key (outside the database).
    ADMIN_SECRETS_KEY: z.string().regex(SECRETS_KEY, "must be 32 bytes as base64 or 64 hex digits").optional(),
    // Keys replaced by a rotation, comma-separated: still decrypt, re-encrypted with the current key on use.
    ADMIN_SECRETS_KEY_OLD: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(",").map((k) => k.trim()) : []))
      .pipe(z.array(z.string().regex(SECRETS_KEY, "each must be 32 bytes as base64 or 64 hex digits"))),
    // Every admin must enrol a second factor before any other admin screen opens.
    ADMIN_MFA_REQUIRED: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    // On SIGTERM, keep the socket open this long after /readyz fails (every answer closing its
    // connection) before closing it: above a reverse proxy's idle keep-alive timeout (docs/deploy.md).
    DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // Slow clients (slowloris) are cut: the whole request head within HEADERS_TIMEOUT_MS, the whole
    // request (head and body) within REQUEST_TIMEOUT_MS; idle keep-alive connections close after KEEP_ALIVE_TIMEOUT_MS.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    // A refund still pending this many minutes after it was asked for (or last checked) is asked of the
    // payment provider by the refund sweep: its webhook may have been lost (server/features/store/refund-sweep.ts).
    REFUND_CHECK_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    // Audit rows older than this many days are deleted by the background retention job.
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(180),
    // Bearer token for GET /metrics; unset: /metrics is not served (404).
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // npm run admin only: the password, kept out of the shell history (never read by the server).
    ADMIN_PASSWORD: z.string().min(1).optional(),
    LOG_REQUESTS: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    // An armoured OpenPGP private key (no passphrase) that signs security.txt; unset: one is made at
    // first start and sealed in the database (server/features/security/openpgp-key.ts).
    SECURITY_PGP_PRIVATE_KEY_FILE: z
      .string()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Mail relay. Unset: mail stays in the outbox, marked not sent.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://user:pass@host:port or smtps://...")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // From address; default no-reply@ + the host of PUBLIC_ORIGIN (or of HOST when that is unset).
    MAIL_FROM: z
      .string()
      .regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+$/, "must be an e-mail address such as no-reply@example.com")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Comma-separated addresses told of every contact message; unset: no notification is written.
    CONTACT_NOTIFY_TO: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+$/, "must be comma-separated e-mail addresses"))),
  })
  .superRefine((c, ctx) => {
    if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["HEADERS_TIMEOUT_MS"], message: "must not be larger than REQUEST_TIMEOUT_MS" });
    }
    if (c.ARTIFACT_UPLOAD_TIMEOUT_MS < c.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["ARTIFACT_UPLOAD_TIMEOUT_MS"], message: "must not be smaller than REQUEST_TIMEOUT_MS" });
    }
    if (c.PAYMENT_PROVIDER !== "razorpay") return;
    for (const name of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const) {
      if (!c[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when PAYMENT_PROVIDER=razorpay" });
    }
  })
  .transform((c) => ({
    ...c,
    MAIL_FROM: c.MAIL_FROM ?? `no-reply@${c.PUBLIC_ORIGIN ? new URL(c.PUBLIC_ORIGIN).hostname : c.HOST}`,
  }));

export type Config = z.infer<typeof ConfigSchema> & {
  /** The company's facts from SITE_CONFIG_FILE: the one typed source for pages, e-mails and the store. */
  site: SiteConfig;
  /** PUBLIC_ORIGIN, or http://HOST:PORT when it is unset; no trailing slash. */
  publicOrigin: string;
};

/** `overrides` win over the environment (the dev server forces NODE_ENV=development). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: NodeJS.ProcessEnv = {}): Config {
  const parsed = ConfigSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const site = loadSiteConfig(parsed.data.SITE_CONFIG_FILE);
  return { ...parsed.data, site, publicOrigin: resolvePublicOrigin(parsed.data.PUBLIC_ORIGIN, parsed.data.HOST, parsed.data.PORT) };
}

/**
 * The example's config for tests, WITHOUT its `tax` block: a test that is not about tax then need not
 * send the billing state every checkout asks for when tax is on. Tests of tax pass `site` with one
 * (`exampleTaxSite()`).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const loaded = loadConfig({ NODE_ENV: "test", LOG_REQUESTS: "false" });
  return { ...loaded, site: { ...loaded.site, tax: undefined }, ...overrides };
}

/** The example's site facts with its tax block (a registered supplier), for tests of tax. */
export function exampleTaxSite(tax: Partial<NonNullable<SiteConfig["tax"]>> = {}): SiteConfig {
  const site = loadSiteConfig("site.config.example.json");
  return { ...site, tax: { ...site.tax!, ...tax } };
}
