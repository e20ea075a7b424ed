import type { Quest, QuestCreate } from "../../contract/quests";
import { quests } from "../db/schema";
import type { Audit } from "./audit";
import type { ServiceDeps } from "./deps";
import type { Actor } from "./messages";
import { descNullsLast } from "../db/newest-first";

export const QUEST_LIST_LIMIT = 100;

export function createQuests({ db, now, audit }: ServiceDeps & { audit: Audit }) {
  return {
    async create(input: QuestCreate, actor: Actor): Promise<Quest> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quests)
          .values({ ...input, createdAt: now() })
          .returning();
        await audit.record({ ...actor, action: "quest.create", entity: "quest", entityId: row.id }, tx);
        return { id: row.id, title: row.title, description: row.description, prize: row.prize };
      });
    },

    /** Newest first, at most 100 (quests_created_idx). */
    async list(): Promise<(Quest & { createdAt: string })[]> {
      const rows = await db
        .select()
        .from(quests)
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
