import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admins_email_lower_key").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 (hex) of the token; the token itself is never stored.
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [index("coupons_version_idx").on(t.productVersionId)],
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

export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    productVersionId: integer("product_version_id")
      .notNull()
      .references(() => productVersions.id),
    amountPaidMinor: bigint("amount_paid_minor", { mode: "number" }).notNull(),
    couponId: integer("coupon_id").references(() => coupons.id),
    paymentId: text("payment_id").notNull().unique(),
    status: text("status", { enum: ["placed", "active", "expired"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("orders_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

// Summaries kept current by triggers on orders and customers (see the custom migration), so the
// dashboard reads a handful of rows however many orders exist.
export const statCounters = pgTable("stat_counters", {
  name: text("name").primaryKey(), // orders_placed | orders_active | orders_expired | customers
  value: bigint("value", { mode: "number" }).notNull().default(0),
});

export const orderDailyCounts = pgTable("order_daily_counts", {
  day: date("day", { mode: "string" }).primaryKey(), // UTC day
  count: bigint("count", { mode: "number" }).notNull().default(0),
});

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
  (t) => [index("audit_log_created_idx").on(t.createdAt.desc())],
);
