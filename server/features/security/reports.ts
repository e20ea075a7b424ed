import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  SecurityReportListQuerySchema,
  SecurityReportSchema,
  SecurityReportUpdateSchema,
  type SecurityReportStatus,
} from "../../../contract/security";
import { products, securityReportNotes, securityReports } from "../../platform/db/schema";
import { InvalidInputError, NotFoundError, ThrottledError } from "../../platform/errors";
import type { RateLimiter } from "../../platform/rate-limit";
import type { Actor } from "../../platform/actor";
import type { ServiceDeps } from "../../platform/service-deps";
import { parseWith } from "../../platform/validate-input";
import type { Audit } from "../audit";
import { honeypotTripped } from "../contact";
import { enqueueReplyMail, enqueueReportMails } from "./report-mail";

const PAGE_SIZE = 20;
const WINDOW_SECONDS = 60;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
// A status link's token: 32 random bytes, base64url (43 characters).
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const r = securityReports;
const n = securityReportNotes;

/**
 * Security reports from /security (docs/decisions/106-security-reports.md): stored privately, mailed
 * to the security contact and the reporter, followed by the reporter through a tokened link, answered
 * by the admins with a status, public replies and private notes.
 */
export function createSecurityReports(deps: ServiceDeps & { audit: Audit; rateLimiter: RateLimiter }) {
  const { db, config, now, audit, rateLimiter } = deps;

  async function productName(id: string | null | undefined): Promise<string | null> {
    if (!id) return null;
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id));
    return row?.name ?? null;
  }

  return {
    /**
     * Validates, throttles per client IP (the contact form's limit) and stores one report with its two
     * mails. A tripped honeypot resolves with stored:false (the caller answers success all the same).
     * Throws InvalidInputError (nothing stored) or ThrottledError.
     */
    async submit(input: unknown, clientIp: string): Promise<{ stored: boolean }> {
      if (honeypotTripped(input)) return { stored: false };
      const fields = parseWith(SecurityReportSchema, input);
      const name = await productName(fields.product_id);
      if (fields.product_id && !name)
        throw new InvalidInputError("Some fields are missing or invalid.", { product_id: "Choose a product from the list." });
      const hit = await rateLimiter.hit(`security-report-ip:${clientIp}`, config.CONTACT_RATE_LIMIT, WINDOW_SECONDS);
      if (!hit.allowed)
        throw new ThrottledError("Too many reports from your address. Please wait a minute and try again.", hit.retryAfterSeconds);
      const token = randomBytes(32).toString("base64url");
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(r)
          .values({
            tokenHash: hashToken(token),
            name: fields.name ?? null,
            email: fields.email,
            title: fields.title,
            details: fields.details,
            productId: fields.product_id ?? null,
            version: fields.version ?? null,
            creditConsent: fields.credit ?? false,
            clientIp,
            createdAt: now(),
            updatedAt: now(),
          })
          .returning({ id: r.id });
        await enqueueReportMails(
          tx,
          config,
          {
            id: row.id,
            email: fields.email,
            name: fields.name ?? null,
            title: fields.title,
            productName: name,
            version: fields.version ?? null,
          },
          token,
        );
      });
      return { stored: true };
    },

    /** What the reporter's link shows: the status and the public replies. NotFoundError for an unknown token. */
    async byToken(token: string) {
      if (!TOKEN.test(token)) throw new NotFoundError("There is no report at this link.");
      const [report] = await db
        .select({
          id: r.id,
          title: r.title,
          status: r.status,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
          productName: products.name,
          version: r.version,
        })
        .from(r)
        .leftJoin(products, eq(products.id, r.productId))
        .where(eq(r.tokenHash, hashToken(token)));
      if (!report) throw new NotFoundError("There is no report at this link.");
      const replies = await db
        .select({ id: n.id, body: n.body, createdAt: n.createdAt })
        .from(n)
        .where(and(eq(n.reportId, report.id), eq(n.visibility, "public")))
        .orderBy(asc(n.createdAt), asc(n.id));
      const { id: _id, ...shown } = report;
      return { ...shown, replies };
    },

    /** The admin's list, newest first, optionally of one status. */
    async list(query: unknown) {
      const { status, page } = parseWith(SecurityReportListQuerySchema, query);
      const where = status ? eq(r.status, status) : undefined;
      const reports = await db
        .select({
          id: r.id,
          title: r.title,
          email: r.email,
          name: r.name,
          status: r.status,
          productName: products.name,
          createdAt: r.createdAt,
        })
        .from(r)
        .leftJoin(products, eq(products.id, r.productId))
        .where(where)
        .orderBy(desc(r.createdAt), desc(r.id))
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE);
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(r)
        .where(where);
      return { reports, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
    },

    /** One report whole, with every reply and note, oldest first. */
    async get(id: number) {
      const [report] = await db
        .select({
          id: r.id,
          name: r.name,
          email: r.email,
          title: r.title,
          details: r.details,
          productId: r.productId,
          productName: products.name,
          version: r.version,
          creditConsent: r.creditConsent,
          status: r.status,
          clientIp: r.clientIp,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
        })
        .from(r)
        .leftJoin(products, eq(products.id, r.productId))
        .where(eq(r.id, id));
      if (!report) throw new NotFoundError("There is no such security report.");
      const notes = await db.select().from(n).where(eq(n.reportId, id)).orderBy(asc(n.createdAt), asc(n.id));
      return { ...report, notes };
    },

    /**
     * The admin's change: a new status, a public reply (mailed to the reporter once, with the reply
     * stored in the same transaction), a private note; each change one audit row.
     */
    async update(input: unknown, actor: Actor): Promise<{ changes: string[] }> {
      const change = parseWith(SecurityReportUpdateSchema, input);
      return db.transaction(async (tx) => {
        const [report] = await tx.select().from(r).where(eq(r.id, change.id)).for("update");
        if (!report) throw new NotFoundError("There is no such security report.");
        const changes: string[] = [];
        const at = now();
        const record = (action: string, detail: Record<string, unknown>) =>
          audit.record(
            { adminId: actor.adminId, clientIp: actor.clientIp, action, entity: "security_report", entityId: report.id, detail },
            tx,
          );
        if (change.status && change.status !== report.status) {
          await tx.update(r).set({ status: change.status, updatedAt: at }).where(eq(r.id, report.id));
          await record("security_report.status", { from: report.status, to: change.status });
          changes.push(`status ${change.status}`);
        }
        if (change.reply) {
          await tx
            .insert(n)
            .values({ reportId: report.id, visibility: "public", body: change.reply, adminId: actor.adminId, createdAt: at });
          await tx.update(r).set({ updatedAt: at }).where(eq(r.id, report.id));
          await enqueueReplyMail(tx, config, { ...report, productName: null }, change.reply);
          await record("security_report.reply", { length: change.reply.length });
          changes.push("public reply mailed");
        }
        if (change.note) {
          await tx
            .insert(n)
            .values({ reportId: report.id, visibility: "private", body: change.note, adminId: actor.adminId, createdAt: at });
          await record("security_report.note", { length: change.note.length });
          changes.push("private note");
        }
        return { changes };
      });
    },

    /** /security/thanks: reporters who asked to be credited, once their report is fixed or closed; newest first. */
    async credited(): Promise<{ name: string; year: number }[]> {
      const rows = await db
        .select({ name: r.name, updatedAt: r.updatedAt })
        .from(r)
        .where(and(eq(r.creditConsent, true), isNotNull(r.name), inArray(r.status, ["fixed", "closed"] satisfies SecurityReportStatus[])))
        .orderBy(desc(r.updatedAt))
        .limit(500);
      const seen = new Set<string>();
      return rows.flatMap((row) => {
        const key = row.name!.toLowerCase();
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ name: row.name!, year: row.updatedAt.getUTCFullYear() }];
      });
    },

    /** Products a report may be about, for the form's list. */
    async products(): Promise<{ id: string; name: string }[]> {
      return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name));
    },
  };
}

export type SecurityReports = ReturnType<typeof createSecurityReports>;
