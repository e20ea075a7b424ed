import { hash } from "@node-rs/argon2";
import { and, count, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { QuestDetail, QuestSettings } from "../../../contract/quest-settings";
import { toMinor } from "../../../contract/money";
import { questSubmissions, quests } from "../../platform/db/schema";
import { InvalidInputError, NotFoundError } from "../../platform/errors";
import type { ServiceDeps } from "../../platform/service-deps";
import type { PageChanges } from "../../platform/page-topics";
import type { Audit } from "../audit";
import type { Actor } from "../../platform/actor";
import { toQuestDetail } from "./public-quests";

const invalid = (field: string, message: string) => new InvalidInputError(message, { [field]: message });

/** Checks that a licence or coupon prize names a version (or product) the catalogue sells. */
export type PrizeCatalogue = { versionsOf(productId: string): Promise<string[]> };

/** The admin's quest settings: status, window, kind, rules, the prize and how it is paid. */
// The deadline job runs every minute; a quest that opened within this window drops the cached
// quest pages once more, so "opens on …" turns into the form without a write.
const OPENED_WINDOW_MS = 120_000;

export function createQuestSettings({
  db,
  now,
  audit,
  catalogue,
  pages,
}: ServiceDeps & { audit: Audit; catalogue: PrizeCatalogue; pages: PageChanges }) {
  async function checkPrize(settings: QuestSettings) {
    if (settings.prize_kind === "cash") return;
    const versions = await catalogue.versionsOf(settings.prize_product_id);
    if (versions.length === 0) throw invalid("prize_product_id", "The catalogue has no product with this ID.");
    if (settings.prize_kind === "licence" && !versions.includes(settings.prize_version))
      throw invalid("prize_version", `This product has no version ${settings.prize_version}.`);
  }

  return {
    /** One quest with every field, drafts included (the admin's view). */
    async get(id: number): Promise<QuestDetail> {
      const [row] = await db.select().from(quests).where(eq(quests.id, id)).limit(1);
      if (!row) throw new NotFoundError("There is no such quest.");
      const [{ n }] = await db.select({ n: count() }).from(questSubmissions).where(eq(questSubmissions.questId, id));
      return toQuestDetail(row, n, now());
    },

    /** Saves the settings (audited with what changed). A flag quest needs its flag once; an empty flag keeps it. */
    async save(id: number, settings: QuestSettings, actor: Actor): Promise<void> {
      await checkPrize(settings);
      const flagHash = settings.kind === "flag" && settings.flag ? await hash(settings.flag) : undefined;
      await db.transaction(async (tx) => {
        const [old] = await tx.select().from(quests).where(eq(quests.id, id)).for("update");
        if (!old) throw new NotFoundError("There is no such quest.");
        if (settings.kind === "flag" && !flagHash && !old.flagHash) throw invalid("flag", "Enter the flag a participant must find.");
        const changes = {
          status: settings.status,
          kind: settings.kind,
          opensAt: settings.opens_at,
          deadline: settings.deadline,
          rules: settings.rules,
          prizeKind: settings.prize_kind,
          prizeAmountPaise: settings.prize_kind === "cash" && settings.prize_amount !== "" ? toMinor(settings.prize_amount) : null,
          prizeProductId: settings.prize_kind === "cash" ? null : settings.prize_product_id,
          prizeVersion: settings.prize_kind === "licence" ? settings.prize_version : null,
          prizePercent: settings.prize_kind === "coupon" && settings.prize_percent !== "" ? settings.prize_percent : null,
          winners: settings.winners,
          ...(flagHash ? { flagHash } : {}),
        };
        await tx.update(quests).set(changes).where(eq(quests.id, id));
        await pages.changed(tx, "quests");
        // The audit names what changed, never the flag or its hash.
        const changed = Object.keys(changes).filter(
          (k) => k !== "flagHash" && String(changes[k as keyof typeof changes]) !== String(old[k as keyof typeof old]),
        );
        await audit.record(
          { ...actor, action: "quest.settings", entity: "quest", entityId: id, detail: { changed, flagChanged: flagHash !== undefined } },
          tx,
        );
      });
    },

    /**
     * Open quests past their deadline move to judging (the deadline job); the count of quests moved.
     * A move, or a quest that opened within the last two minutes, drops the cached quest pages.
     */
    async judgeDue(): Promise<number> {
      const at = now();
      return db.transaction(async (tx) => {
        const moved = await tx
          .update(quests)
          .set({ status: "judging" })
          .where(and(eq(quests.status, "open"), isNotNull(quests.deadline), lte(quests.deadline, at)))
          .returning({ id: quests.id });
        const [opened] = await tx
          .select({ n: count() })
          .from(quests)
          .where(and(eq(quests.status, "open"), gt(quests.opensAt, new Date(at.getTime() - OPENED_WINDOW_MS)), lte(quests.opensAt, at)));
        if (moved.length > 0 || opened.n > 0) await pages.changed(tx, "quests");
        return moved.length;
      });
    },
  };
}

export type QuestSettingsService = ReturnType<typeof createQuestSettings>;
