import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "../../contract/store";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    // Set when disabled: no login, no session (PRODUCT.md section 11). An invited admin who has not
    // chosen a password yet has an empty password_hash, which never verifies.
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admins_email_lower_key").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 (hex) of the token; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    // The public handle of a session (the Account screen's Revoke), so the hash never leaves the server.
    id: bigserial("id", { mode: "number" }).notNull().unique(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    clientIp: text("client_ip"),
  },
  (t) => [index("sessions_admin_idx").on(t.adminId)],
);

// Fixed-window counters shared by every app instance (login throttle, contact throttle).
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

// Consecutive failed logins for one account from one client IP.
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    source: text("source", { enum: ["general", "campus"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    orgType: text("org_type"),
    orgName: text("org_name"),
    otherType: text("other_type"),
    clientIp: text("client_ip"),
    status: text("status", { enum: ["new", "read", "archived"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("contact_messages_filter_idx").on(t.source, t.status, t.createdAt.desc()),
  ],
);

export const products = pgTable("products", {
  id: text("id").primaryKey(), // lowercase slug
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export type ExternalDependency = { name: string; os: string; link: string; version: string };
export type PythonPackage = { name: string; version: string };

export const productVersions = pgTable(
  "product_versions",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    version: text("version").notNull(),
    os: text("os").array().notNull(),
    ram: text("ram").notNull().default(""),
    gpu: text("gpu").notNull().default(""),
    processor: text("processor").notNull().default(""),
    storage: text("storage").notNull().default(""),
    network: text("network").notNull().default(""),
    // Exact money in minor units (cents); never a float.
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull().default(0),
    features: text("features").array().notNull(),
    external: jsonb("external").$type<ExternalDependency[]>().notNull(),
    python: jsonb("python").$type<PythonPackage[]>().notNull(),
    // Store: a version is for sale when for_sale, amount > 0 and not archived (PRODUCT.md section 9).
    forSale: boolean("for_sale").notNull().default(false),
    licenceTermMonths: integer("licence_term_months").notNull().default(12),
    machineLimit: integer("machine_limit").notNull().default(3),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("product_versions_product_version_key").on(t.productId, t.version)],
);

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    productVersionId: integer("product_version_id")
      .notNull()
      .references(() => productVersions.id),
    discountPercent: integer("discount_percent").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    note: text("note"),
    // The pending order holding this coupon (set by one conditional UPDATE at order creation).
    reservedOrderId: bigint("reserved_order_id", { mode: "number" }).references((): AnyPgColumn => orders.id),
    // The paid order that used it (set with used_at at payment).
    orderId: bigint("order_id", { mode: "number" }).references((): AnyPgColumn => orders.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupons_version_idx").on(t.productVersionId),
    index("coupons_reserved_order_idx").on(t.reservedOrderId),
    // The admin's code search: `code like 'PREFIX%'` (exact or prefix) whatever the database's collation.
    index("coupons_code_prefix_idx").on(t.code.op("text_pattern_ops")),
  ],
);

export const patchReleases = pgTable(
  "patch_releases",
  {
    id: serial("id").primaryKey(),
    productVersionId: integer("product_version_id")
      .notNull()
      .references(() => productVersions.id),
    patchVersion: text("patch_version").notNull(),
    features: text("features").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("patch_releases_version_patch_key").on(t.productVersionId, t.patchVersion)],
);

export const quests = pgTable(
  "quests",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    prize: text("prize").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("quests_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  // The store finds a customer by e-mail case-insensitively (PRODUCT.md section 9).
  (t) => [uniqueIndex("customers_email_lower_key").on(sql`lower(${t.email})`)],
);

export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Set at the first paid order (customer found by lower(email)); null while pending/failed.
    customerId: integer("customer_id").references(() => customers.id),
    productVersionId: integer("product_version_id")
      .notNull()
      .references(() => productVersions.id),
    customerEmail: text("customer_email").notNull().default(""),
    customerName: text("customer_name").notNull().default(""),
    // Money in minor units (paise): list price, discount and the total charged (amount_paid_minor).
    listAmountMinor: bigint("list_amount_minor", { mode: "number" }).notNull().default(0),
    discountMinor: bigint("discount_minor", { mode: "number" }).notNull().default(0),
    amountPaidMinor: bigint("amount_paid_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("INR"),
    couponId: integer("coupon_id").references(() => coupons.id),
    paymentId: text("payment_id").unique(),
    provider: text("provider"),
    providerOrderId: text("provider_order_id").unique(),
    // SHA-256 (hex) of the order's access token (receipt page); the token itself is never stored.
    accessTokenHash: text("access_token_hash"),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    // pending: payment deadline (created + 30 min); paid: end of the licence term.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // The admin's order list sorted by amount (either way: read backwards for the smallest first).
    index("orders_amount_idx").on(t.amountPaidMinor.desc(), t.id.desc()),
    // The order list filtered by status, newest first, and its capped count: a rare status (refunded)
    // would otherwise walk orders_created_idx through a million rows to fill one page.
    index("orders_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    // The expiry jobs claim due rows through these.
    index("orders_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // The admin's order search by customer e-mail (case-insensitive, exact).
    index("orders_customer_email_idx").on(sql`lower(${t.customerEmail})`),
    index("orders_term_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} in ('placed', 'active')`),
  ],
);

export const licences = pgTable("licences", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .unique()
    .references(() => orders.id),
  // HMAC-SHA256 (hex) of the key with the licence secret: how a key is looked up (decision 012).
  keyHash: text("key_hash").notNull().unique(),
  // The key encrypted (AES-256-GCM) so the receipt page and e-mail can show it again (decision 012).
  keyEncrypted: text("key_encrypted").notNull(),
  machineLimit: integer("machine_limit").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const licenceMachines = pgTable(
  "licence_machines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    licenceId: bigint("licence_id", { mode: "number" })
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    name: text("name"),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("licence_machines_licence_fingerprint_key").on(t.licenceId, t.fingerprint)],
);

// Webhook event ids already handled (Razorpay retries and may send one event twice).
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  eventId: text("event_id").primaryKey(),
  event: text("event").notNull(),
  orderId: bigint("order_id", { mode: "number" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// Server-generated values kept across restarts (e.g. the test payment secret when not configured).
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// Summaries kept current by triggers on orders and customers (see the custom migration), so the
// dashboard reads a handful of rows however many orders exist.
export const statCounters = pgTable("stat_counters", {
  name: text("name").primaryKey(), // orders_placed | orders_active | orders_expired | customers | coupons
  value: bigint("value", { mode: "number" }).notNull().default(0),
});

export const orderDailyCounts = pgTable("order_daily_counts", {
  day: date("day", { mode: "string" }).primaryKey(), // UTC day
  count: bigint("count", { mode: "number" }).notNull().default(0),
  // Paid orders' totals that day, minor units (refunded orders leave it).
  revenueMinor: bigint("revenue_minor", { mode: "number" }).notNull().default(0),
});

// The same per product (the overview's split, issue 14): one row per UTC day and product with paid
// orders, kept by the same trigger, so the split reads days x products rows instead of every order
// of the period (30,000 at a million orders: 30 ms on PGlite per overview).
export const orderDailyProductCounts = pgTable(
  "order_daily_product_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    productId: text("product_id").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    revenueMinor: bigint("revenue_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    // The Audit screen's filters (by admin, by action), newest first.
    index("audit_log_admin_idx").on(t.adminId, t.createdAt.desc()),
    index("audit_log_action_idx").on(t.action, t.createdAt.desc()),
  ],
);

// Admin identity (PRODUCT.md section 11). The TOTP secret is encrypted (AES-256-GCM, decision 018);
// enabled_at is null while set up but not yet confirmed with a code; last_step refuses a replayed code.
export const adminTotp = pgTable("admin_totp", {
  adminId: integer("admin_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

// Single-use recovery codes, SHA-256 of the code (256-bit-strong codes need no slow hash).
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_hash_key").on(t.adminId, t.codeHash)],
);

export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    id: serial("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(), // base64url
    publicKey: text("public_key").notNull(), // base64url COSE key
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("admin_passkeys_admin_idx").on(t.adminId)],
);

// Short-lived single-use secrets: WebAuthn challenges, the login's second-step token, invitation and
// reset links. Only the SHA-256 of a token is kept; `consumed` by one conditional DELETE/UPDATE.
export const authTokens = pgTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ["passkey-register", "passkey-login", "mfa", "invite", "reset"] }).notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "cascade" }),
    clientIp: text("client_ip"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_expires_idx").on(t.expiresAt), index("auth_tokens_admin_idx").on(t.adminId, t.purpose)],
);

// Transactional outbox (PRODUCT.md section 8): a mail is a row written in the same transaction as
// its cause, sent later by server/jobs/mail-sender.ts. `status` is pending until sent or failed;
// `lockedUntil` is the claim lease of the instance sending it (a crashed sender's claim lapses).
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    // Stable per row: a mail sent again after a crash is recognisably the same mail.
    messageId: text("message_id").notNull().unique(),
    toAddrs: text("to_addrs").array().notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("mail_outbox_status_idx").on(t.status, t.createdAt.desc()),
  ],
);
