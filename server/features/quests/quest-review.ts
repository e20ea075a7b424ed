import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  ADMIN_MOVES,
  SUBMISSION_STATE_LABELS,
  type ReviewedSubmission,
  type SubmissionMove,
  type SubmissionRow,
} from "../../../contract/quest-review";
import { toMinor } from "../../../contract/money";
import { coupons, customers, questSubmissions, quests } from "../../platform/db/schema";
import type { Db } from "../../platform/db/client";
import { ConflictError, InvalidInputError, NotFoundError } from "../../platform/errors";
import { logLine } from "../../platform/log";
import type { PageChanges } from "../../platform/page-topics";
import type { ServiceDeps } from "../../platform/service-deps";
import type { Audit } from "../audit";
import type { Actor } from "../../platform/actor";
import { issuePrizeCoupon } from "../coupons";
import { enqueueMail, escapeMultiline, htmlMail, mailContext, textMail } from "../mail";
import { createStoreSecrets, fulfilPrize } from "../store";
import { describePaid, reviewMail } from "./review-mail";

type Quest = typeof quests.$inferSelect;
type Paid = Partial<typeof questSubmissions.$inferInsert>;
const invalid = (field: string, message: string) => new InvalidInputError(message, { [field]: message });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The admin's review of a quest's submissions and the paying of its prizes
 * (docs/decisions/109-quest-review-and-prizes.md). Every move locks the quest row first: moves on one
 * quest take turns, so the winners cap counts committed rows and two instances moving the same
 * submission at once see one 200 and one 409 (the second reads the state the first committed).
 * The state, the prize, the audit row and the participant's mail are one transaction: one mail per move.
 */
export function createQuestReview({ db, config, now, audit, pages }: ServiceDeps & { audit: Audit; pages: PageChanges }) {
  const secrets = createStoreSecrets({ db, config });

  async function payPrize(tx: Db, quest: Quest, sub: { id: number; email: string; name: string }, move: SubmissionMove, secret: string) {
    const at = now();
    if (quest.prizeKind === "licence") {
      if (!quest.prizeProductId || !quest.prizeVersion) throw new ConflictError("The quest's settings name no product version to give.");
      const order = await fulfilPrize(
        { now, config, log: logLine },
        tx,
        { productId: quest.prizeProductId, version: quest.prizeVersion, email: sub.email, name: sub.name },
        secret,
      );
      return { paid: { paidAt: at, prizeOrderId: order.orderId } satisfies Paid, couponCode: null };
    }
    if (quest.prizeKind === "coupon") {
      if (!quest.prizeProductId || !quest.prizePercent)
        throw new ConflictError("The quest's settings name no product and percent to give.");
      const coupon = await issuePrizeCoupon(tx, config, {
        productId: quest.prizeProductId,
        percent: quest.prizePercent,
        note: `Quest ${quest.id} prize, submission ${sub.id}`,
      });
      return { paid: { paidAt: at, prizeCouponId: coupon.id } satisfies Paid, couponCode: coupon.code };
    }
    const missing = (["cash_method", "cash_reference", "cash_amount", "cash_paid_on"] as const).find((k) => move[k] === "");
    if (missing) throw invalid(missing, "Record the method, reference, amount and day of the cash payment.");
    const paid: Paid = {
      paidAt: at,
      cashMethod: move.cash_method,
      cashReference: move.cash_reference,
      cashAmountPaise: toMinor(Number(move.cash_amount)),
      cashPaidOn: move.cash_paid_on,
    };
    return { paid, couponCode: null };
  }

  return {
    /** Every submission of the quest, oldest first, with the participant's name and e-mail. */
    async list(questId: number): Promise<SubmissionRow[]> {
      const rows = await db
        .select({ s: questSubmissions, email: customers.email, displayName: customers.displayName, couponCode: coupons.code })
        .from(questSubmissions)
        .innerJoin(customers, eq(customers.id, questSubmissions.customerId))
        .leftJoin(coupons, eq(coupons.id, questSubmissions.prizeCouponId))
        .where(eq(questSubmissions.questId, questId))
        .orderBy(asc(questSubmissions.createdAt), asc(questSubmissions.id));
      return rows.map(({ s, email, displayName, couponCode }) => ({
        id: s.id,
        displayName,
        email,
        state: s.state,
        body: s.body,
        links: s.links,
        attachment: s.attachmentStorageName ? { name: s.attachmentName ?? "attachment.bin", size: s.attachmentSize ?? 0 } : null,
        publicNote: s.publicNote,
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
        firstAnswerAt: iso(s.firstAnswerAt),
        paidAt: iso(s.paidAt),
        paid: s.state === "paid" ? describePaid(s, couponCode) : null,
      }));
    },

    /** The admin moves a submission on: 409 for a move the state machine or the winners cap forbids. */
    async move(questId: number, id: number, move: SubmissionMove, actor: Actor): Promise<ReviewedSubmission> {
      // Read before the transaction: a first read inside would wait for it on PGlite (fulfil's note).
      const secret = move.state === "paid" ? await secrets.licenceSecret() : "";
      return db.transaction(async (tx) => {
        const [quest] = await tx.select().from(quests).where(eq(quests.id, questId)).for("update");
        if (!quest) throw new NotFoundError("There is no such quest.");
        const [sub] = await tx
          .select({ s: questSubmissions, email: customers.email, name: customers.name, displayName: customers.displayName })
          .from(questSubmissions)
          .innerJoin(customers, eq(customers.id, questSubmissions.customerId))
          .where(and(eq(questSubmissions.id, id), eq(questSubmissions.questId, questId)));
        if (!sub) throw new NotFoundError("There is no such submission.");
        const from = sub.s.state;
        if (!ADMIN_MOVES[from].includes(move.state))
          throw new ConflictError(
            `A submission that is ${SUBMISSION_STATE_LABELS[from].toLowerCase()} cannot become ${SUBMISSION_STATE_LABELS[move.state].toLowerCase()}.`,
          );
        if (move.state === "accepted") {
          const [{ n }] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(questSubmissions)
            .where(and(eq(questSubmissions.questId, questId), inArray(questSubmissions.state, ["accepted", "paid"])));
          if (n >= quest.winners)
            throw new ConflictError(`This quest has ${quest.winners} winner${quest.winners === 1 ? "" : "s"} already.`);
        }
        const prize =
          move.state === "paid"
            ? await payPrize(tx, quest, { id, email: sub.email, name: sub.displayName || sub.name }, move, secret)
            : { paid: {}, couponCode: null };
        const at = now();
        // Conditional on the state read: a second guard besides the quest row's lock.
        const [updated] = await tx
          .update(questSubmissions)
          .set({ state: move.state, publicNote: move.note || null, updatedAt: at, firstAnswerAt: sub.s.firstAnswerAt ?? at, ...prize.paid })
          .where(and(eq(questSubmissions.id, id), eq(questSubmissions.state, from)))
          .returning();
        if (!updated) throw new ConflictError("This submission was moved meanwhile; reload it.");
        await pages.changed(tx, "quests");
        await audit.record(
          {
            ...actor,
            action: move.state === "paid" ? "quest.submission.paid" : "quest.submission.state",
            entity: "quest_submission",
            entityId: id,
            detail: { questId, from, to: move.state, ...(move.state === "paid" ? { prize: describePaid(updated, prize.couponCode) } : {}) },
          },
          tx,
        );
        const mail = reviewMail({
          quest: quest.title,
          state: move.state,
          note: move.note,
          couponCode: prize.couponCode,
          prize: move.state === "paid" ? describePaid(updated, prize.couponCode) : null,
        });
        await enqueueMail(tx, config, {
          kind: "quest-review",
          to: [sub.email],
          subject: mail.subject,
          html: htmlMail(mailContext(config), mail.subject, mail.html(escapeMultiline)),
          text: textMail(mailContext(config), mail.subject, mail.text),
        });
        return {
          id,
          quest_id: questId,
          state: updated.state,
          public_note: updated.publicNote,
          first_answer_at: iso(updated.firstAnswerAt),
          paid_at: iso(updated.paidAt),
          prize_order_id: updated.prizeOrderId,
          prize_coupon_code: prize.couponCode,
        };
      });
    },

    /** The participant answers a request for information: needs_info back to submitted (409 otherwise). */
    async answer(questId: number, id: number, customerId: number, body?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(questSubmissions)
          .set({ state: "submitted", updatedAt: now(), ...(body !== undefined ? { body } : {}) })
          .where(
            and(
              eq(questSubmissions.id, id),
              eq(questSubmissions.questId, questId),
              eq(questSubmissions.customerId, customerId),
              eq(questSubmissions.state, "needs_info"),
            ),
          )
          .returning({ id: questSubmissions.id });
        if (!moved) throw new ConflictError("Only a submission that needs information can be answered.");
        await pages.changed(tx, "quests");
      });
    },
  };
}

export type QuestReview = ReturnType<typeof createQuestReview>;
