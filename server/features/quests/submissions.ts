import { verify } from "@node-rs/argon2";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { mkdir, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  QUEST_ATTACHMENT_MAX_BYTES,
  type QuestPrize,
  type QuestSubmission,
  type QuestSubmissionInput,
  QuestSubmissionInputSchema,
} from "../../../contract/quest-submissions";
import { fromMinor } from "../../../contract/money";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { coupons, customers, licences, orders, products, productVersions, questSubmissions, quests } from "../../platform/db/schema";
import { ConflictError, InvalidInputError, NotFoundError, ThrottledError } from "../../platform/errors";
import type { PageChanges } from "../../platform/page-topics";
import type { RateLimiter } from "../../platform/rate-limit";
import type { ServiceDeps } from "../../platform/service-deps";
import { receiveUpload, safeFilename } from "../releases";
import { effectiveStatus } from "./public-quests";

export const WRONG_FLAGS = 5;
export const WRONG_FLAGS_WINDOW_S = 600;
/** States in which the participant may still change their submission ("needs_info" goes back to "submitted"). */
const EDITABLE = ["submitted", "needs_info"] as const;

export const questAttachmentsDir = (config: Pick<Config, "DATA_DIR">) => join(config.DATA_DIR, "quest-attachments");

type Attachment = { partialPath: string; storageName: string; originalName: string; size: number };
type Row = typeof questSubmissions.$inferSelect;

const toView = (r: Row, questTitle: string, prize: QuestPrize | null = null): QuestSubmission => ({
  id: r.id,
  questId: r.questId,
  questTitle,
  state: r.state,
  body: r.body,
  links: r.links,
  attachment: r.attachmentStorageName ? { name: r.attachmentName ?? "attachment.bin", size: r.attachmentSize ?? 0 } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  publicNote: r.publicNote,
  prize,
});

/** Multipart fields as the JSON input: links one per line, check boxes "on"/"true". */
export function formToInput(fields: Record<string, string | undefined>): unknown {
  const yes = (v: string | undefined) => (v === undefined ? undefined : v === "on" || v === "true" || v === "1");
  return {
    body: fields.body ?? "",
    links: (fields.links ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    display_name: fields.display_name || undefined,
    public_credit: yes(fields.public_credit),
    edit: yes(fields.edit),
  };
}

/**
 * Taking part in a quest (docs/decisions/108-taking-part.md): one submission per participant and
 * quest (the unique index decides between simultaneous ones), editable until triaged, only while the
 * quest is open; a flag quest's right flag is accepted at once.
 */
export function createQuestSubmissions({
  db,
  config,
  now,
  rateLimiter,
  pages,
}: ServiceDeps & { rateLimiter: RateLimiter; pages: PageChanges }) {
  const dir = questAttachmentsDir(config);

  /** The quest, locked against a settings change for the transaction; 404 for a draft, 409 outside its window. */
  async function openQuest(tx: Db, questId: number, kind: "submission" | "flag") {
    const [quest] = await tx.select().from(quests).where(eq(quests.id, questId)).for("share");
    if (!quest || quest.status === "draft") throw new NotFoundError("There is no such quest.");
    const at = now();
    if (quest.opensAt && quest.opensAt > at) throw new ConflictError("This quest is not open yet.");
    if (effectiveStatus(quest, at) !== "open") throw new ConflictError("This quest no longer takes submissions.");
    if (quest.kind !== kind)
      throw new ConflictError(kind === "flag" ? "This quest takes submissions, not flags." : "This quest takes a flag: send it to /flag.");
    return quest;
  }

  /** A first submission names the participant; their consent to public credit goes with it. */
  async function setDisplayName(tx: Db, customerId: number, input: QuestSubmissionInput) {
    const [me] = await tx.select({ displayName: customers.displayName }).from(customers).where(eq(customers.id, customerId));
    if (!input.display_name && !me?.displayName)
      throw new InvalidInputError("Choose the name we show for you.", { display_name: "Choose the name we show for you." });
    if (input.display_name || input.public_credit !== undefined)
      await tx
        .update(customers)
        .set({
          ...(input.display_name ? { displayName: input.display_name } : {}),
          ...(input.public_credit !== undefined ? { publicCredit: input.public_credit } : {}),
        })
        .where(eq(customers.id, customerId));
  }

  async function save(customerId: number, questId: number, input: QuestSubmissionInput, file: Attachment | null): Promise<QuestSubmission> {
    let replaced: string | null = null;
    const view = await db.transaction(async (tx) => {
      const quest = await openQuest(tx, questId, "submission");
      await setDisplayName(tx, customerId, input);
      const at = now();
      const attachment = file
        ? { attachmentStorageName: file.storageName, attachmentName: safeFilename(file.originalName), attachmentSize: file.size }
        : {};
      const content = { body: input.body, links: input.links, ...attachment, updatedAt: at };
      let row: Row | undefined;
      if (input.edit) {
        const [old] = await tx
          .select()
          .from(questSubmissions)
          .where(and(eq(questSubmissions.questId, questId), eq(questSubmissions.customerId, customerId)))
          .for("update");
        if (!old) throw new NotFoundError("You have no submission to this quest yet.");
        if (!(EDITABLE as readonly string[]).includes(old.state))
          throw new ConflictError("This submission was triaged: it can no longer be changed.");
        [row] = await tx
          .update(questSubmissions)
          .set({ ...content, state: "submitted" })
          .where(eq(questSubmissions.id, old.id))
          .returning();
        if (file) replaced = old.attachmentStorageName;
      } else {
        [row] = await tx
          .insert(questSubmissions)
          .values({ questId, customerId, ...content, createdAt: at })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ConflictError("You already took part in this quest: edit your submission instead.");
      }
      await pages.changed(tx, "quests");
      return toView(row, quest.title);
    });
    if (file) await rename(file.partialPath, join(dir, file.storageName));
    if (replaced) await unlink(join(dir, replaced)).catch(() => undefined);
    return view;
  }

  return {
    /** JSON input, already read: no file. */
    async submit(customerId: number, questId: number, raw: unknown, edit = false): Promise<QuestSubmission> {
      const input = parse(raw);
      return save(customerId, questId, { ...input, edit: edit || input.edit }, null);
    },

    /** A multipart body streamed to a partial file; nothing is left on disk when anything fails. */
    async submitForm(
      customerId: number,
      questId: number,
      body: WebReadableStream<Uint8Array> | null,
      type: string,
      edit = false,
      /** Filled with the text fields once read, so a refused page form can show them again. */
      seen: { fields?: Record<string, string> } = {},
    ) {
      await mkdir(dir, { recursive: true });
      // An attachment is checked only after the whole body arrived: nothing to refuse when it starts.
      const received = await receiveUpload(body, type, dir, QUEST_ATTACHMENT_MAX_BYTES, async () => undefined, {
        what: "attachment",
        fileOptional: true,
        maxFieldBytes: 48 * 1024,
      });
      const file = received.partialPath ? received : null;
      seen.fields = received.fields;
      try {
        const input = parse(formToInput(received.fields));
        return await save(customerId, questId, { ...input, edit: edit || input.edit }, file);
      } catch (error) {
        if (file) await unlink(file.partialPath).catch(() => undefined);
        throw error;
      }
    },

    /**
     * A flag: every try counts against WRONG_FLAGS per WRONG_FLAGS_WINDOW_S (counted before the
     * hash is checked, so simultaneous guesses cannot slip past the limit); the right one makes the
     * participant's submission, accepted at once.
     */
    async flag(customerId: number, questId: number, flag: string): Promise<QuestSubmission> {
      const [quest] = await db.select({ hash: quests.flagHash }).from(quests).where(eq(quests.id, questId));
      if (!quest) throw new NotFoundError("There is no such quest.");
      const [done] = await db
        .select({ id: questSubmissions.id })
        .from(questSubmissions)
        .where(and(eq(questSubmissions.questId, questId), eq(questSubmissions.customerId, customerId)));
      if (done) throw new ConflictError("You already solved this quest.");
      const tries = await rateLimiter.hit(`quest-flag:${questId}:${customerId}`, WRONG_FLAGS, WRONG_FLAGS_WINDOW_S);
      if (!tries.allowed) throw new ThrottledError("Too many wrong flags. Try again later.", tries.retryAfterSeconds);
      const right = quest.hash ? await verify(quest.hash, flag.trim()).catch(() => false) : false;
      return db.transaction(async (tx) => {
        const open = await openQuest(tx, questId, "flag");
        if (!right) throw new InvalidInputError("That is not the flag.", { flag: "That is not the flag." });
        const at = now();
        const [row] = await tx
          .insert(questSubmissions)
          .values({ questId, customerId, state: "accepted", body: "", createdAt: at, updatedAt: at, firstAnswerAt: at })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ConflictError("You already solved this quest.");
        await pages.changed(tx, "quests");
        return toView(row, open.title);
      });
    },

    /** The participant's chosen name and consent, for the form (asked only at a first submission). */
    async participant(customerId: number): Promise<{ displayName: string | null; publicCredit: boolean }> {
      const [me] = await db
        .select({ displayName: customers.displayName, publicCredit: customers.publicCredit })
        .from(customers)
        .where(eq(customers.id, customerId));
      return me ?? { displayName: null, publicCredit: false };
    },

    /** The participant's own submissions, newest first, with the team's last note and what a paid one won. */
    async mine(customerId: number): Promise<QuestSubmission[]> {
      const rows = await db
        .select({ s: questSubmissions, title: quests.title })
        .from(questSubmissions)
        .innerJoin(quests, eq(quests.id, questSubmissions.questId))
        .where(eq(questSubmissions.customerId, customerId))
        .orderBy(desc(questSubmissions.createdAt), desc(questSubmissions.id))
        .limit(200);
      const prizes = await prizesOf(
        db,
        rows.map((r) => r.s),
      );
      return rows.map((r) => toView(r.s, r.title, prizes.get(r.s.id) ?? null));
    },

    /** The attachment's file on disk; 404 when there is none, or (with `customerId`) it is someone else's. */
    async attachment(submissionId: number, customerId: number | null): Promise<{ path: string; filename: string; size: number }> {
      const [row] = await db
        .select()
        .from(questSubmissions)
        .where(
          and(
            eq(questSubmissions.id, submissionId),
            customerId === null ? sql`true` : eq(questSubmissions.customerId, customerId),
            sql`${questSubmissions.attachmentStorageName} is not null`,
          ),
        );
      if (!row?.attachmentStorageName) throw new NotFoundError("There is no such attachment.");
      return {
        path: join(dir, row.attachmentStorageName),
        filename: row.attachmentName ?? "attachment.bin",
        size: row.attachmentSize ?? 0,
      };
    },
  };
}

/**
 * The prizes of paid submissions (all of one participant, already filtered by the caller): the
 * licence prize's order and licence, the coupon's code, or the recorded cash payment.
 */
async function prizesOf(db: Db, rows: Row[]): Promise<Map<number, QuestPrize>> {
  const paid = rows.filter((r) => r.state === "paid");
  const orderIds = paid.flatMap((r) => (r.prizeOrderId ? [r.prizeOrderId] : []));
  const couponIds = paid.flatMap((r) => (r.prizeCouponId ? [r.prizeCouponId] : []));
  const [orderRows, couponRows] = await Promise.all([
    orderIds.length
      ? db
          .select({ orderId: orders.id, licenceId: licences.id, productName: products.name, version: productVersions.version })
          .from(orders)
          .innerJoin(productVersions, eq(productVersions.id, orders.productVersionId))
          .innerJoin(products, eq(products.id, productVersions.productId))
          .leftJoin(licences, eq(licences.orderId, orders.id))
          .where(inArray(orders.id, orderIds))
      : [],
    couponIds.length
      ? db
          .select({
            id: coupons.id,
            code: coupons.code,
            percent: coupons.discountPercent,
            productName: products.name,
            version: productVersions.version,
          })
          .from(coupons)
          .innerJoin(productVersions, eq(productVersions.id, coupons.productVersionId))
          .innerJoin(products, eq(products.id, productVersions.productId))
          .where(inArray(coupons.id, couponIds))
      : [],
  ]);
  const byOrder = new Map(orderRows.map((o) => [o.orderId, o]));
  const byCoupon = new Map(couponRows.map((c) => [c.id, c]));
  const prizes = new Map<number, QuestPrize>();
  for (const r of paid) {
    const order = r.prizeOrderId ? byOrder.get(r.prizeOrderId) : undefined;
    const coupon = r.prizeCouponId ? byCoupon.get(r.prizeCouponId) : undefined;
    if (order)
      prizes.set(r.id, {
        kind: "licence",
        order_id: order.orderId,
        licence_id: order.licenceId,
        product_name: order.productName,
        version: order.version,
      });
    else if (coupon)
      prizes.set(r.id, {
        kind: "coupon",
        code: coupon.code,
        percent: coupon.percent,
        product_name: coupon.productName,
        version: coupon.version,
      });
    else if (r.cashMethod)
      prizes.set(r.id, {
        kind: "cash",
        method: r.cashMethod,
        reference: r.cashReference ?? "",
        amount: fromMinor(r.cashAmountPaise ?? 0),
        paid_on: r.cashPaidOn ?? "",
      });
  }
  return prizes;
}

function parse(raw: unknown): QuestSubmissionInput {
  const parsed = QuestSubmissionInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "body")] ??= issue.message;
  const first = Object.values(fieldErrors)[0] ?? "Check the submission.";
  throw new InvalidInputError(first, fieldErrors);
}

export type QuestSubmissions = ReturnType<typeof createQuestSubmissions>;
