import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  AdvisoryInputSchema,
  type AdvisoryRange,
  type AdvisorySeverity,
  type AdvisoryStatus,
  type UpdateAdvisory,
} from "../../../contract/advisories";
import { compareVersions } from "../../../contract/versions";
import type { Actor } from "../../platform/actor";
import type { Db } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/db-errors";
import {
  advisories,
  advisoryCounters,
  advisoryNotices,
  type AdvisoryCreditRow,
  licences,
  orders,
  patchReleases,
  productVersions,
  products,
} from "../../platform/db/schema";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import type { PageChanges } from "../../platform/page-topics";
import type { ServiceDeps } from "../../platform/service-deps";
import { parseWith } from "../../platform/validate-input";
import type { Audit } from "../audit";
import { enqueueAdvisoryMail } from "./advisory-mail";
import type { Advisory } from "./advisory-view";
import { scoreCvss31 } from "./cvss";

const a = advisories;

/** True when `version` lies in one of the ranges: introduced <= version < fixed (no fix: every later version). */
export function affects(
  ranges: readonly AdvisoryRange[] | readonly { introduced: string; fixed?: string | null }[],
  version: string,
): boolean {
  return ranges.some((r) => compareVersions(version, r.introduced) >= 0 && (r.fixed == null || compareVersions(version, r.fixed) < 0));
}

/** The advisory id's prefix: the site config's, else the first word of the company's name in capitals ("Oni Labs" → ONI). */
export function advisoryPrefix(site: { name: string; security?: { advisory_prefix?: string } }): string {
  if (site.security?.advisory_prefix) return site.security.advisory_prefix;
  const word = site.name
    .split(/\s+/)[0]
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return /^[A-Z]/.test(word) && word.length >= 2 ? word.slice(0, 10) : "SA";
}

/**
 * Security advisories (docs/decisions/110-advisories.md). Drafts are private to the admins; a
 * published one is public (HTML, Atom, OSV) until withdrawn, when it stays public marked withdrawn.
 * Publishing, and saving a published advisory, mails each holder of a valid licence of an affected
 * version once: advisory_notices' primary key decides who still needs the mail.
 */
export function createAdvisories(deps: ServiceDeps & { audit: Audit; pages: PageChanges }) {
  const { db, config, now, audit, pages } = deps;

  /** The input checked against the catalogue and scored; field errors name what is wrong. */
  async function readInput(input: unknown) {
    const fields = parseWith(AdvisoryInputSchema, input);
    const errors: Record<string, string> = {};
    const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, fields.product_id));
    if (!product) errors.product_id = "Choose a product from the list: there is no such product.";
    const known = product ? await versionsOf(db, product.id) : new Set<string>();
    fields.ranges.forEach((range, i) => {
      if (product && range.introduced !== "0" && !known.has(range.introduced))
        errors[`ranges.${i}.introduced`] = `${product.name} has no version ${range.introduced}.`;
      if (range.fixed !== undefined) {
        if (compareVersions(range.fixed, range.introduced) <= 0)
          errors[`ranges.${i}.fixed`] = "The fixing version must come after the first affected one.";
        else if (product && !known.has(range.fixed)) errors[`ranges.${i}.fixed`] = `${product.name} has no version ${range.fixed}.`;
      }
    });
    const score = scoreCvss31(fields.cvss_vector);
    if (!score) errors.cvss_vector = "This CVSS 3.1 vector does not score: check each metric.";
    if (Object.keys(errors).length) throw new InvalidInputError("Some fields are missing or invalid.", errors);
    return { fields, score: score!, product: product! };
  }

  const values = (fields: Awaited<ReturnType<typeof readInput>>["fields"], score: { tenths: number; severity: AdvisorySeverity }) => ({
    title: fields.title,
    summary: fields.summary,
    details: fields.details,
    productId: fields.product_id,
    ranges: fields.ranges.map((r) => ({ introduced: r.introduced, fixed: r.fixed ?? null })),
    cvssVector: fields.cvss_vector,
    cvssScoreTenths: score.tenths,
    severity: score.severity,
    cveId: fields.cve_id ?? null,
    credits: fields.credits satisfies AdvisoryCreditRow[],
  });

  const cveTaken = (error: unknown) => {
    if (isUniqueViolation(error))
      throw new InvalidInputError("Some fields are missing or invalid.", { cve_id: "Another advisory has this CVE id." });
    throw error;
  };

  async function locked(tx: Db, id: string) {
    const [row] = await tx.select().from(a).where(eq(a.id, id)).for("update");
    if (!row) throw new NotFoundError("There is no such advisory.");
    return row;
  }

  /**
   * Mails every holder of a valid licence (not revoked, within its term, of a paid order) whose
   * version the advisory affects and who was not mailed about it yet; in the caller's transaction.
   * The insert with ON CONFLICT DO NOTHING answers only the rows this transaction added: a second
   * instance doing the same at once waits on the first's rows and adds none. The number mailed.
   */
  async function notifyHolders(tx: Db, advisory: typeof advisories.$inferSelect, productName: string): Promise<number> {
    const holders = await tx
      .select({ licenceId: licences.id, email: orders.customerEmail, version: productVersions.version })
      .from(licences)
      .innerJoin(orders, eq(orders.id, licences.orderId))
      .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
      .where(
        and(
          eq(productVersions.productId, advisory.productId),
          isNull(licences.revokedAt),
          gt(licences.expiresAt, now()),
          inArray(orders.status, ["placed", "active"]),
          ne(orders.customerEmail, ""),
        ),
      )
      .orderBy(asc(licences.id));
    const affected = holders.filter((h) => affects(advisory.ranges, h.version));
    if (!affected.length) return 0;
    const added = await tx
      .insert(advisoryNotices)
      .values(affected.map((h) => ({ advisoryId: advisory.id, licenceId: h.licenceId, createdAt: now() })))
      .onConflictDoNothing()
      .returning({ licenceId: advisoryNotices.licenceId });
    const fresh = new Set(added.map((r) => r.licenceId));
    for (const holder of affected) {
      if (!fresh.has(holder.licenceId)) continue;
      const mail = await enqueueAdvisoryMail(tx, config, { advisory, productName, email: holder.email, version: holder.version });
      await tx
        .update(advisoryNotices)
        .set({ mailId: mail.id })
        .where(and(eq(advisoryNotices.advisoryId, advisory.id), eq(advisoryNotices.licenceId, holder.licenceId)));
    }
    return fresh.size;
  }

  const record = (tx: Db, actor: Actor, action: string, id: string, detail: Record<string, unknown>) =>
    audit.record({ adminId: actor.adminId, clientIp: actor.clientIp, action, entity: "advisory", entityId: id, detail }, tx);

  const productNameOf = async (tx: Db, id: string) =>
    (await tx.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]?.name ?? id;

  return {
    /** A new draft; its id is the year's next number (India's year, as every date here). */
    async create(input: unknown, actor: Actor): Promise<{ id: string }> {
      const { fields, score } = await readInput(input);
      const at = now();
      const year = new Date(at.getTime() + 330 * 60_000).getUTCFullYear();
      return db
        .transaction(async (tx) => {
          const [counter] = await tx
            .insert(advisoryCounters)
            .values({ year, last: 1 })
            .onConflictDoUpdate({ target: advisoryCounters.year, set: { last: sql`${advisoryCounters.last} + 1` } })
            .returning({ last: advisoryCounters.last });
          const id = `${advisoryPrefix(config.site)}-${year}-${String(counter.last).padStart(3, "0")}`;
          await tx.insert(a).values({ id, ...values(fields, score), status: "draft", createdAt: at, modifiedAt: at });
          await record(tx, actor, "advisory.create", id, { title: fields.title, severity: score.severity });
          return { id };
        })
        .catch(cveTaken);
    },

    /**
     * Saves the admin's edit. A published advisory's change is public at once (modified_at moves, the
     * pages are dropped) and holders newly affected are mailed; a withdrawn one is kept as it was.
     */
    async update(id: string, input: unknown, actor: Actor): Promise<{ mailed: number }> {
      const { fields, score, product } = await readInput(input);
      return db
        .transaction(async (tx) => {
          const before = await locked(tx, id);
          if (before.status === "withdrawn") throw new ConflictError("A withdrawn advisory is kept as it was withdrawn.");
          const [after] = await tx
            .update(a)
            .set({ ...values(fields, score), modifiedAt: now() })
            .where(eq(a.id, id))
            .returning();
          await record(tx, actor, "advisory.update", id, { status: before.status, severity: score.severity });
          if (before.status !== "published") return { mailed: 0 };
          await pages.changed(tx, "advisories");
          return { mailed: await notifyHolders(tx, after, product.name) };
        })
        .catch(cveTaken);
    },

    /** Draft → published: public from now on, and mailed to the affected licence holders once. */
    async publish(id: string, actor: Actor): Promise<{ mailed: number }> {
      return db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.status !== "draft") throw new ConflictError(`This advisory is ${before.status}: only a draft is published.`);
        const at = now();
        const [after] = await tx.update(a).set({ status: "published", publishedAt: at, modifiedAt: at }).where(eq(a.id, id)).returning();
        const mailed = await notifyHolders(tx, after, await productNameOf(tx, after.productId));
        await record(tx, actor, "advisory.publish", id, { mailed });
        await pages.changed(tx, "advisories");
        return { mailed };
      });
    },

    /** Published → withdrawn: stays public, marked withdrawn (OSV's `withdrawn`), and leaves the update check. */
    async withdraw(id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.status !== "published") throw new ConflictError(`This advisory is ${before.status}: only a published one is withdrawn.`);
        const at = now();
        await tx.update(a).set({ status: "withdrawn", withdrawnAt: at, modifiedAt: at }).where(eq(a.id, id));
        await record(tx, actor, "advisory.withdraw", id, {});
        await pages.changed(tx, "advisories");
      });
    },

    /** Every advisory for the admin, drafts first, then newest. */
    async list() {
      return db
        .select({
          id: a.id,
          title: a.title,
          status: a.status,
          severity: a.severity,
          cvssScoreTenths: a.cvssScoreTenths,
          productName: products.name,
          modifiedAt: a.modifiedAt,
          publishedAt: a.publishedAt,
        })
        .from(a)
        .innerJoin(products, eq(products.id, a.productId))
        .orderBy(sql`${a.status} = 'draft' desc`, desc(a.createdAt), desc(a.id));
    },

    /** One advisory whole (any status; the admin's edit screen). NotFoundError when there is none. */
    async get(id: string): Promise<Advisory> {
      const [row] = await db
        .select({ advisory: a, productName: products.name })
        .from(a)
        .innerJoin(products, eq(products.id, a.productId))
        .where(eq(a.id, id));
      if (!row) throw new NotFoundError("There is no such advisory.");
      return { ...row.advisory, productName: row.productName };
    },

    /** A public advisory (published or withdrawn); NotFoundError for a draft or an unknown id. */
    async getPublic(id: string): Promise<Advisory> {
      const advisory = await this.get(id).catch(() => null);
      if (!advisory || advisory.status === "draft") throw new NotFoundError("There is no such advisory.");
      return advisory;
    },

    /** The public list (published and withdrawn), newest first. */
    async listPublic(): Promise<Advisory[]> {
      const rows = await db
        .select({ advisory: a, productName: products.name })
        .from(a)
        .innerJoin(products, eq(products.id, a.productId))
        .where(ne(a.status, "draft"))
        .orderBy(desc(a.publishedAt), desc(a.id))
        .limit(500);
      return rows.map((r) => ({ ...r.advisory, productName: r.productName }));
    },

    /** The published advisories that affect `version` of the product: the update check's list, most severe first. */
    async affecting(productId: string, version: string): Promise<UpdateAdvisory[]> {
      const rows = await db
        .select({ id: a.id, severity: a.severity, summary: a.summary, ranges: a.ranges, score: a.cvssScoreTenths })
        .from(a)
        .where(and(eq(a.productId, productId), eq(a.status, "published")))
        .orderBy(desc(a.cvssScoreTenths), asc(a.id));
      return rows
        .filter((r) => affects(r.ranges, version))
        .map((r) => ({
          id: r.id,
          severity: r.severity,
          summary: r.summary,
          fixed_in: fixedIn(r.ranges, version),
        }));
    },

    /** For the release notes: version → the published advisories it fixes. */
    async fixedBy(productId: string): Promise<Map<string, { id: string; title: string; severity: AdvisorySeverity }[]>> {
      const rows = await db
        .select({ id: a.id, title: a.title, severity: a.severity, ranges: a.ranges })
        .from(a)
        .where(and(eq(a.productId, productId), eq(a.status, "published")))
        .orderBy(asc(a.id));
      const out = new Map<string, { id: string; title: string; severity: AdvisorySeverity }[]>();
      for (const r of rows)
        for (const range of r.ranges)
          if (range.fixed) out.set(range.fixed, [...(out.get(range.fixed) ?? []), { id: r.id, title: r.title, severity: r.severity }]);
      return out;
    },

    /** /security/thanks: people credited on published advisories who agreed to be listed. */
    async credited(): Promise<{ name: string; year: number }[]> {
      const rows = await db
        .select({ credits: a.credits, publishedAt: a.publishedAt })
        .from(a)
        .where(eq(a.status, "published"))
        .orderBy(desc(a.publishedAt));
      return rows.flatMap((r) => r.credits.filter((c) => c.consent).map((c) => ({ name: c.name, year: r.publishedAt!.getUTCFullYear() })));
    },

    /** Products an advisory may be about, for the form's list. */
    async products(): Promise<{ id: string; name: string }[]> {
      return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name));
    },

    /** How many holders were mailed about each advisory (the admin's list). */
    async noticeCounts(ids: string[]): Promise<Map<string, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: advisoryNotices.advisoryId, n: sql<number>`count(*)::int` })
        .from(advisoryNotices)
        .where(inArray(advisoryNotices.advisoryId, ids))
        .groupBy(advisoryNotices.advisoryId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

/** The fixing version of the range `version` falls in (null: no fix yet). */
function fixedIn(ranges: readonly { introduced: string; fixed: string | null }[], version: string): string | null {
  const range = ranges.find((r) => affects([r], version));
  return range?.fixed ?? null;
}

/** Every version and patch version the catalogue has for a product (drafts included: a fix may be written before it ships). */
async function versionsOf(db: Db, productId: string): Promise<Set<string>> {
  const rows = await db
    .select({ version: productVersions.version })
    .from(productVersions)
    .where(eq(productVersions.productId, productId))
    .union(
      db
        .select({ version: patchReleases.patchVersion })
        .from(patchReleases)
        .innerJoin(productVersions, eq(productVersions.id, patchReleases.productVersionId))
        .where(eq(productVersions.productId, productId)),
    );
  return new Set(rows.map((r) => r.version));
}

export type Advisories = ReturnType<typeof createAdvisories>;
export type { AdvisoryStatus };
