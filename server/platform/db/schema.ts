import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
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
import { QUEST_KINDS, QUEST_PRIZE_KINDS, QUEST_STATUSES, QUEST_SUBMISSION_STATES } from "../../../contract/quests";
import { ORDER_STATUSES } from "../../../contract/store";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    // Set when disabled: no login, no session. An invited admin who has not
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
    // Store: a version is for sale when for_sale, amount > 0 and not archived.
    forSale: boolean("for_sale").notNull().default(false),
    licenceTermMonths: integer("licence_term_months").notNull().default(12),
    machineLimit: integer("machine_limit").notNull().default(3),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
    status: text("status").notNull().default("published"), // draft | published | yanked
    publishedAt: timestamp("published_at", { withTimezone: true }),
    yankReason: text("yank_reason"),
  },
  (t) => [
    uniqueIndex("product_versions_product_version_key").on(t.productId, t.version),
    check("product_versions_status_check", sql`${t.status} in ('draft', 'published', 'yanked')`),
  ],
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
    status: text("status").notNull().default("published"), // draft | published | yanked
    publishedAt: timestamp("published_at", { withTimezone: true }),
    yankReason: text("yank_reason"),
  },
  (t) => [
    uniqueIndex("patch_releases_version_patch_key").on(t.productVersionId, t.patchVersion),
    check("patch_releases_status_check", sql`${t.status} in ('draft', 'published', 'yanked')`),
  ],
);

// A quest module (the original title, description, prize) and what makes it a public quest: its state,
// window, kind and the prize it pays (docs/decisions/107-public-quests.md). `prize` stays the text
// shown; `prize_kind` says how it is paid.
export const quests = pgTable(
  "quests",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    prize: text("prize").notNull(),
    createdAt: createdAt(),
    status: text("status", { enum: QUEST_STATUSES }).notNull().default("open"),
    kind: text("kind", { enum: QUEST_KINDS }).notNull().default("submission"),
    opensAt: timestamp("opens_at", { withTimezone: true }),
    deadline: timestamp("deadline", { withTimezone: true }),
    rules: text("rules").notNull().default(""),
    prizeKind: text("prize_kind", { enum: QUEST_PRIZE_KINDS }).notNull().default("cash"),
    prizeAmountPaise: bigint("prize_amount_paise", { mode: "number" }),
    prizeProductId: text("prize_product_id"),
    prizeVersion: text("prize_version"),
    prizePercent: integer("prize_percent"),
    winners: integer("winners").notNull().default(1),
    flagHash: text("flag_hash"),
  },
  (t) => [
    index("quests_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("quests_status_check", sql`${t.status} in ('draft', 'open', 'judging', 'closed')`),
    check("quests_winners_check", sql`${t.winners} between 1 and 100`),
  ],
);

// A participant's entry to a quest: one per participant and quest. `first_answer_at` is when the
// admin first moved it on from `submitted` (the public median time to first answer reads it).
export const questSubmissions = pgTable(
  "quest_submissions",
  {
    id: serial("id").primaryKey(),
    questId: integer("quest_id")
      .notNull()
      .references(() => quests.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    state: text("state", { enum: QUEST_SUBMISSION_STATES }).notNull().default("submitted"),
    body: text("body").notNull().default(""),
    // The participant's http(s) links (at most 5) and one private file (docs/decisions/108-taking-part.md).
    links: jsonb("links").$type<string[]>().notNull().default([]),
    attachmentStorageName: text("attachment_storage_name"),
    attachmentName: text("attachment_name"),
    attachmentSize: bigint("attachment_size", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    firstAnswerAt: timestamp("first_answer_at", { withTimezone: true }),
    // The admin's note to the participant at the last move (mailed with it; docs/decisions/109-quest-review-and-prizes.md).
    publicNote: text("public_note"),
    // What was paid when the submission moved to paid: the prize order (licence), the coupon, or the
    // cash payment the admin recorded (method, reference, amount in paise, the day in India).
    paidAt: timestamp("paid_at", { withTimezone: true }),
    prizeOrderId: bigint("prize_order_id", { mode: "number" }).references((): AnyPgColumn => orders.id),
    prizeCouponId: integer("prize_coupon_id").references((): AnyPgColumn => coupons.id),
    cashMethod: text("cash_method"),
    cashReference: text("cash_reference"),
    cashAmountPaise: bigint("cash_amount_paise", { mode: "number" }),
    cashPaidOn: date("cash_paid_on", { mode: "string" }),
  },
  (t) => [
    uniqueIndex("quest_submissions_one_per_participant").on(t.questId, t.customerId),
    index("quest_submissions_answered_idx").on(t.createdAt),
  ],
);

export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    // Chosen at a first quest submission; shown on the quest pages only with `public_credit`.
    displayName: text("display_name"),
    publicCredit: boolean("public_credit").notNull().default(false),
  },
  (t) => [
    // The store finds a customer by e-mail case-insensitively (Bob@x.com and bob@x.com are one buyer).
    uniqueIndex("customers_email_lower_key").on(sql`lower(${t.email})`),
    // The admin's customer search: a prefix of the e-mail or of the name, any case (LIKE 'ann%'),
    // whatever the database's collation (text_pattern_ops).
    index("customers_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("customers_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
  ],
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
    // The buyer's place of supply (two-digit GST state code, 96 outside India) and, for a business
    // purchase, its GSTIN, legal name and address: printed on the invoice (server/features/invoices).
    billingStateCode: text("billing_state_code"),
    billingGstin: text("billing_gstin"),
    billingLegalName: text("billing_legal_name"),
    billingAddress: text("billing_address"),
    // The GST inside amount_paid_minor and its rate in basis points, fixed at checkout (null: no tax).
    taxMinor: bigint("tax_minor", { mode: "number" }),
    taxRateBp: integer("tax_rate_bp"),
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
    // A customer's orders, newest first (the account page, the admin's customer list and page).
    index("orders_customer_created_idx").on(t.customerId, t.createdAt.desc(), t.id.desc()),
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
  // When the customer last replaced the key: from then on the receipt page shows no key, only this date.
  keyReplacedAt: timestamp("key_replaced_at", { withTimezone: true }),
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
    // Written by validation and activation at most once an hour per machine (licences.ts), so a
    // validation stays a read most of the time.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("licence_machines_licence_fingerprint_key").on(t.licenceId, t.fingerprint)],
);

// Every new seat taken, kept for the activation churn limit (LICENCE_ACTIVATIONS_PER_DAY): a freed
// seat deletes its licence_machines row, not this one. Counted under the licence row's lock.
export const licenceActivations = pgTable(
  "licence_activations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    licenceId: bigint("licence_id", { mode: "number" })
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("licence_activations_licence_at_idx").on(t.licenceId, t.activatedAt)],
);

// Webhook event ids already handled (Razorpay retries and may send one event twice).
// One row per refund of an order (server/features/store/refunds.ts). A repeated webhook for the same
// provider refund id adds nothing; the order is refunded once the processed rows reach what was paid.
// An admin's refund is written `pending` before the provider is asked (so its amount is held against
// what is left), and gets the provider's id from its answer; a refund made in the provider's
// dashboard arrives by webhook only, already processed, without an idempotency key.
export const refunds = pgTable(
  "refunds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    providerRefundId: text("provider_refund_id").unique(),
    // The admin's Idempotency-Key: the same key for the same order is the same refund.
    idempotencyKey: text("idempotency_key"),
    // SHA-256 of the canonical request the key came with: the key again with any other body is refused.
    requestHash: text("request_hash"),
    // A partial refund revokes the licence only when the admin asked; a full one always does.
    revokeLicence: boolean("revoke_licence").notNull().default(false),
    // In the order's minor unit (paise for INR).
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "processed", "failed"] })
      .notNull()
      .default("processed"),
    reason: text("reason"),
    createdAt: createdAt(),
    // When the refund sweep last asked the provider about this pending refund (its lease: several
    // processes never ask about one refund at once, and a refund still pending is asked again later).
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    // When it became processed (the day the overview takes it off the revenue).
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    uniqueIndex("refunds_order_idempotency_key").on(t.orderId, t.idempotencyKey),
    // The sweep's scan: only the few refunds still pending (server/features/store/refund-sweep.ts).
    index("refunds_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

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

// The same per product (the overview's split per product): one row per UTC day and product with paid
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

// Processed refunds per UTC day and product, written with each refund's processing
// (server/features/store/refunds.ts): the overview subtracts them from the revenue of the same days
// without reading the refunds themselves.
export const refundDailyCounts = pgTable(
  "refund_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    productId: text("product_id").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

// What happened to an order after its payment, by whom (server/features/audit/order-events.ts): every
// licence event (activation, seat freed, key rotation, revoke, restore, extend) and every mail an
// action sent (receipt again, key replaced, refund), so the admin's order page tells the whole story.
// `actor`: who did it; `admin_id` names the admin when it was one.
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    kind: text("kind").notNull(),
    actor: text("actor", { enum: ["customer", "admin", "tool", "system", "provider"] }).notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    mailId: bigint("mail_id", { mode: "number" }),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
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

// Admin identity. The TOTP secret is encrypted (AES-256-GCM, decision 018);
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

// Transactional outbox: a mail is a row written in the same transaction as
// its cause, sent later by server/features/mail/mail-sender.ts. `status` is pending until sent or failed;
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
    // Secrets the bodies' slots stand for (server/features/mail/mail-secrets.ts), sealed; dropped once
    // the mail is sent or has failed for good. No admin read returns it.
    secrets: text("secrets"),
    // How Resend issues fresh secrets for this mail (e.g. which admin's link): not itself secret.
    secretRef: jsonb("secret_ref").$type<Record<string, string | number>>(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // The order a mail is about (a receipt), so the admin's order page lists the mails it sent.
    orderId: bigint("order_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_order_idx")
      .on(t.orderId)
      .where(sql`order_id is not null`),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("mail_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("mail_outbox_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

// A customer's sign-in: a 6-digit code and a link token, both single-use and short-lived (15 minutes).
// Only hashes are kept: the token's SHA-256, and the code's SHA-256 salted with that token hash.
// `failures` counts wrong codes; the 5th voids the row (used_at set). One conditional UPDATE uses it.
export const customerSignIns = pgTable(
  "customer_sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Null for an address with no customer yet: verifying the code creates the customer (decision 108).
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    // The address the code was mailed to, lower-cased: a code is found by it.
    email: text("email").notNull().default(""),
    tokenHash: text("token_hash").notNull().unique(),
    codeHash: text("code_hash").notNull(),
    failures: integer("failures").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("customer_sign_ins_customer_idx").on(t.customerId, t.createdAt.desc()),
    index("customer_sign_ins_email_idx").on(t.email, t.createdAt.desc()),
    index("customer_sign_ins_expires_idx").on(t.expiresAt),
  ],
);

// Customer sessions, apart from the admins' `sessions`: a customer's cookie can never open the admin.
export const customerSessions = pgTable(
  "customer_sessions",
  {
    // SHA-256 (hex) of the token; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("customer_sessions_customer_idx").on(t.customerId), index("customer_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A build of a version (or of one of its patches) for one platform and architecture: a file kept
 * under ARTIFACTS_DIR (storage_name) or an external URL. download_count grows with every download;
 * an artifact once downloaded is never deleted (the delete is conditional on 0).
 */
export const artifacts = pgTable(
  "artifacts",
  {
    id: serial("id").primaryKey(),
    productVersionId: integer("product_version_id")
      .notNull()
      .references(() => productVersions.id),
    patchReleaseId: integer("patch_release_id").references(() => patchReleases.id),
    platform: text("platform").notNull(), // windows | linux | mac
    arch: text("arch").notNull(), // x86_64 | arm64
    filename: text("filename").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    // The file's name under ARTIFACTS_DIR (random, never the uploader's); null for an external URL.
    storageName: text("storage_name"),
    url: text("url"),
    // The build's minisign signature (`.minisig` text); null: unsigned, never offered to an updater.
    minisig: text("minisig"),
    downloadCount: bigint("download_count", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // One build per release, platform and architecture (a version's own build has no patch).
    uniqueIndex("artifacts_release_target_key").on(t.productVersionId, sql`coalesce(${t.patchReleaseId}, 0)`, t.platform, t.arch),
    check("artifacts_platform_check", sql`${t.platform} in ('windows', 'linux', 'mac')`),
    check("artifacts_arch_check", sql`${t.arch} in ('x86_64', 'arm64')`),
    check("artifacts_source_check", sql`(${t.storageName} is null) <> (${t.url} is null)`),
  ],
);

// Tax invoices (or receipts, without a GSTIN) and credit notes (server/features/invoices). The
// supplier's and buyer's details are copied at issue: a document never changes once numbered.
export const invoices = pgTable(
  "invoices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    number: text("number").notNull().unique(),
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id),
    // A credit note's refund and the invoice it reverses.
    refundId: bigint("refund_id", { mode: "number" })
      .unique()
      .references(() => refunds.id),
    reversesId: bigint("reverses_id", { mode: "number" }).references((): AnyPgColumn => invoices.id),
    financialYear: text("financial_year").notNull(),
    seq: integer("seq").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    // false: a receipt of an unregistered supplier, without tax lines.
    taxInvoice: boolean("tax_invoice").notNull(),
    supplierLegalName: text("supplier_legal_name").notNull(),
    supplierAddress: text("supplier_address"),
    supplierGstin: text("supplier_gstin"),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    buyerGstin: text("buyer_gstin"),
    buyerLegalName: text("buyer_legal_name"),
    buyerAddress: text("buyer_address"),
    placeOfSupply: text("place_of_supply"),
    sac: text("sac"),
    description: text("description").notNull(),
    rateBp: integer("rate_bp").notNull().default(0),
    taxableMinor: bigint("taxable_minor", { mode: "number" }).notNull(),
    cgstMinor: bigint("cgst_minor", { mode: "number" }).notNull().default(0),
    sgstMinor: bigint("sgst_minor", { mode: "number" }).notNull().default(0),
    igstMinor: bigint("igst_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    // One invoice per order (credit notes: one per refund, by refund_id).
    uniqueIndex("invoices_order_invoice_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_kind_year_seq_key").on(t.kind, t.financialYear, t.seq),
    index("invoices_issued_idx").on(t.issuedAt, t.id),
    // An order's documents, its credit notes included (the account page lists them per order).
    index("invoices_order_idx").on(t.orderId, t.issuedAt, t.id),
  ],
);

// The last number taken per series (invoice, credit_note) and financial year ("2026-27"): taken by one
// upsert in the transaction that issues the document, so numbers are gapless and never shared.
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series", { enum: ["invoice", "credit_note"] }).notNull(),
    financialYear: text("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

// Keys the server signs with (licence answers and files, releases, security.txt): the public half
// published, the secret sealed with the secrets key (null when the secret is held elsewhere). A
// rotation retires the current key but keeps its row, so old signatures still verify; the partial
// unique index allows one current key per purpose, which also settles two instances' first start.
export const signingKeys = pgTable(
  "signing_keys",
  {
    keyId: text("key_id").primaryKey(),
    purpose: text("purpose", { enum: ["licence", "release", "openpgp"] }).notNull(),
    algorithm: text("algorithm").notNull(),
    publicKey: text("public_key").notNull(),
    secretEnc: text("secret_enc"),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("signing_keys_current_idx")
      .on(t.purpose)
      .where(sql`${t.retiredAt} is null`),
  ],
);
// One change counter per kind of public content ("catalogue": products, versions, patches, builds).
// A write that changes what a cached public page shows adds one in its own transaction; every app
// instance reads the counters and drops its cached pages of a topic whose counter moved (docs/decisions/102-public-page-cache.md).
export const pageTopics = pgTable("page_topics", {
  topic: text("topic").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// Security reports sent from /security: private to the admins. The reporter follows one by the link
// mailed to them, whose token is kept only as its SHA-256 (docs/decisions/106-security-reports.md).
export const securityReports = pgTable(
  "security_reports",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    name: text("name"),
    email: text("email").notNull(),
    title: text("title").notNull(),
    details: text("details").notNull(),
    productId: text("product_id"),
    version: text("version"),
    // Credited by name on /security/thanks once fixed or closed, only when the reporter ticked it.
    creditConsent: boolean("credit_consent").notNull().default(false),
    status: text("status", { enum: ["received", "triaged", "fixed", "closed"] })
      .notNull()
      .default("received"),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("security_reports_created_idx").on(t.createdAt.desc(), t.id.desc()), index("security_reports_status_idx").on(t.status)],
);

// An admin's answer on a report: a public reply (shown on the reporter's page, mailed once) or a private note.
export const securityReportNotes = pgTable(
  "security_report_notes",
  {
    id: serial("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => securityReports.id, { onDelete: "cascade" }),
    visibility: text("visibility", { enum: ["public", "private"] }).notNull(),
    body: text("body").notNull(),
    adminId: integer("admin_id"),
    createdAt: createdAt(),
  },
  (t) => [index("security_report_notes_report_idx").on(t.reportId, t.createdAt)],
);

// Security advisories (docs/decisions/110-advisories.md): an id PREFIX-YYYY-NNN whose number comes
// from advisory_counters (one row per year, incremented in the insert's transaction, so two admins
// saving at once get two numbers). The CVSS score is kept in tenths: exact, as the vector's calculator gives it.
export type AdvisoryRangeRow = { introduced: string; fixed: string | null };
export type AdvisoryCreditRow = { name: string; consent: boolean };
export const advisories = pgTable(
  "advisories",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    details: text("details").notNull(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    ranges: jsonb("ranges").$type<AdvisoryRangeRow[]>().notNull(),
    cvssVector: text("cvss_vector").notNull(),
    cvssScoreTenths: integer("cvss_score_tenths").notNull(),
    severity: text("severity", { enum: ["none", "low", "medium", "high", "critical"] }).notNull(),
    cveId: text("cve_id").unique(),
    credits: jsonb("credits").$type<AdvisoryCreditRow[]>().notNull(),
    status: text("status", { enum: ["draft", "published", "withdrawn"] })
      .notNull()
      .default("draft"),
    createdAt: createdAt(),
    modifiedAt: timestamp("modified_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("advisories_published_idx")
      .on(t.publishedAt.desc())
      .where(sql`status <> 'draft'`),
    index("advisories_product_idx").on(t.productId),
  ],
);

export const advisoryCounters = pgTable("advisory_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

// One row per advisory and licence whose holder was mailed about it: the primary key is what makes the
// mail go once, even when two instances publish or re-save the advisory at the same moment.
export const advisoryNotices = pgTable(
  "advisory_notices",
  {
    advisoryId: text("advisory_id")
      .notNull()
      .references(() => advisories.id, { onDelete: "cascade" }),
    licenceId: bigint("licence_id", { mode: "number" })
      .notNull()
      .references(() => licences.id, { onDelete: "cascade" }),
    mailId: bigint("mail_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.advisoryId, t.licenceId] })],
);
