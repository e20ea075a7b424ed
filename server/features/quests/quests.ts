import { eq, ne } from "drizzle-orm";
import type { Quest, QuestCreate, QuestUpdate } from "../../../contract/quests";
import { quests } from "../../platform/db/schema";
import type { Audit } from "../audit";
import type { ServiceDeps } from "../../platform/service-deps";
import type { PageChanges } from "../../platform/page-topics";
import { NotFoundError } from "../../platform/errors";
import type { Actor } from "../../platform/actor";
import { descNullsLast } from "../../platform/db/newest-first";

export const QUEST_LIST_LIMIT = 100;

export function createQuests({ db, now, audit, pages }: ServiceDeps & { audit: Audit; pages: PageChanges }) {
  return {
    async create(input: QuestCreate, actor: Actor): Promise<Quest> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quests)
          .values({ ...input, createdAt: now() })
          .returning();
        await pages.changed(tx, "quests");
        await audit.record({ ...actor, action: "quest.create", entity: "quest", entityId: row.id }, tx);
        return { id: row.id, title: row.title, description: row.description, prize: row.prize };
      });
    },

    /** Changes some fields; the audit keeps what they were and what they became. 404 for an unknown id. */
    async update(id: number, changes: QuestUpdate, actor: Actor): Promise<Quest> {
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(quests).where(eq(quests.id, id)).for("update");
        if (!old) throw new NotFoundError("There is no such quest.");
        const [row] = await tx.update(quests).set(changes).where(eq(quests.id, id)).returning();
        await pages.changed(tx, "quests");
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, old[k as keyof QuestUpdate]]));
        await audit.record({ ...actor, action: "quest.update", entity: "quest", entityId: id, detail: { before, after: changes } }, tx);
        return { id: row.id, title: row.title, description: row.description, prize: row.prize };
      });
    },

    /** Deletes one quest (audited with what it was); 404 for an unknown id. */
    async remove(id: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(quests).where(eq(quests.id, id)).returning();
        if (!row) throw new NotFoundError("There is no such quest.");
        await pages.changed(tx, "quests");
        const before = { title: row.title, prize: row.prize };
        await audit.record({ ...actor, action: "quest.delete", entity: "quest", entityId: id, detail: { before } }, tx);
      });
    },

    /** Newest first, at most 100 (quests_created_idx); `publicOnly` leaves drafts out (GET /api/devquests). */
    async list({ publicOnly = false } = {}): Promise<(Quest & { createdAt: string })[]> {
      const rows = await db
        .select()
        .from(quests)
        .where(publicOnly ? ne(quests.status, "draft") : undefined)
        .orderBy(descNullsLast(quests.createdAt), descNullsLast(quests.id))
        .limit(QUEST_LIST_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        prize: r.prize,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
