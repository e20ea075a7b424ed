import { and, asc, count, eq, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { QuestDetail } from "../../../contract/quest-settings";
import type { QuestStatus } from "../../../contract/quests";
import { customers, questSubmissions, quests } from "../../platform/db/schema";
import { NotFoundError } from "../../platform/errors";
import type { ServiceDeps } from "../../platform/service-deps";

const MEDIAN_WINDOW_DAYS = 90;
const WINNING_STATES = ["accepted", "paid"] as const;

type QuestRow = typeof quests.$inferSelect;

/** An open quest whose deadline has passed is judged, whether or not the deadline job has run yet. */
export function effectiveStatus(row: Pick<QuestRow, "status" | "deadline">, now: Date): QuestStatus {
  return row.status === "open" && row.deadline && row.deadline <= now ? "judging" : row.status;
}

export function toQuestDetail(row: QuestRow, submissions: number, now: Date): QuestDetail {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    prize: row.prize,
    status: effectiveStatus(row, now),
    kind: row.kind,
    opensAt: row.opensAt?.toISOString() ?? null,
    deadline: row.deadline?.toISOString() ?? null,
    rules: row.rules,
    prizeKind: row.prizeKind,
    prizeAmountPaise: row.prizeAmountPaise,
    prizeProductId: row.prizeProductId,
    prizeVersion: row.prizeVersion,
    prizePercent: row.prizePercent,
    winners: row.winners,
    hasFlag: row.flagHash !== null,
    submissions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A quest on the public list: its detail, and for a closed one the display names of its winners. */
export type PublicQuest = QuestDetail & { winnerNames: string[] };

const LIST_ORDER: Record<QuestStatus, number> = { open: 0, judging: 1, closed: 2, draft: 3 };

/** What visitors see of quests: never a draft. */
export function createPublicQuests({ db, now }: Pick<ServiceDeps, "db" | "now">) {
  async function submissionCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ questId: questSubmissions.questId, n: count() })
      .from(questSubmissions)
      .where(inArray(questSubmissions.questId, ids))
      .groupBy(questSubmissions.questId);
    return new Map(rows.map((r) => [r.questId, r.n]));
  }

  /** Credited winners (accepted or paid, with their consent) by quest. */
  async function winnersOf(ids: number[]): Promise<Map<number, string[]>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ questId: questSubmissions.questId, name: customers.displayName })
      .from(questSubmissions)
      .innerJoin(customers, eq(customers.id, questSubmissions.customerId))
      .where(
        and(
          inArray(questSubmissions.questId, ids),
          inArray(questSubmissions.state, [...WINNING_STATES]),
          eq(customers.publicCredit, true),
          isNotNull(customers.displayName),
        ),
      )
      .orderBy(asc(questSubmissions.createdAt));
    const byQuest = new Map<number, string[]>();
    for (const r of rows) byQuest.set(r.questId, [...(byQuest.get(r.questId) ?? []), r.name ?? ""]);
    return byQuest;
  }

  return {
    /** Every quest that is not a draft: open ones first (soonest deadline first), then judging, then closed. */
    async list(): Promise<PublicQuest[]> {
      const rows = await db.select().from(quests).where(ne(quests.status, "draft")).limit(200);
      const ids = rows.map((r) => r.id);
      const [counts, winners] = await Promise.all([submissionCounts(ids), winnersOf(ids)]);
      const at = now();
      const far = Number.MAX_SAFE_INTEGER;
      return rows
        .map((r) => ({ ...toQuestDetail(r, counts.get(r.id) ?? 0, at), winnerNames: winners.get(r.id) ?? [] }))
        .sort(
          (a, b) =>
            LIST_ORDER[a.status] - LIST_ORDER[b.status] ||
            (a.deadline ? Date.parse(a.deadline) : far) - (b.deadline ? Date.parse(b.deadline) : far) ||
            b.id - a.id,
        );
    },

    /** One public quest; a draft or an unknown id is not found. */
    async get(id: number): Promise<PublicQuest> {
      const [row] = await db
        .select()
        .from(quests)
        .where(and(eq(quests.id, id), ne(quests.status, "draft")))
        .limit(1);
      if (!row) throw new NotFoundError("There is no such quest.");
      const [counts, winners] = await Promise.all([submissionCounts([id]), winnersOf([id])]);
      return { ...toQuestDetail(row, counts.get(id) ?? 0, now()), winnerNames: winners.get(id) ?? [] };
    },

    /** Participants credited on accepted submissions (with consent), with the quests they won. */
    async hallOfFame(): Promise<{ name: string; quests: { id: number; title: string }[] }[]> {
      const rows = await db
        .select({ name: customers.displayName, questId: quests.id, title: quests.title })
        .from(questSubmissions)
        .innerJoin(customers, eq(customers.id, questSubmissions.customerId))
        .innerJoin(quests, eq(quests.id, questSubmissions.questId))
        .where(
          and(
            inArray(questSubmissions.state, [...WINNING_STATES]),
            eq(customers.publicCredit, true),
            isNotNull(customers.displayName),
            ne(quests.status, "draft"),
          ),
        )
        .orderBy(asc(customers.displayName), asc(quests.id))
        .limit(1000);
      const byName = new Map<string, { id: number; title: string }[]>();
      for (const r of rows) byName.set(r.name ?? "", [...(byName.get(r.name ?? "") ?? []), { id: r.questId, title: r.title }]);
      return [...byName].map(([name, won]) => ({ name, quests: won }));
    },

    /** The median time from a submission to its first answer over the last 90 days, in hours; null with none. */
    async medianHoursToFirstAnswer(): Promise<number | null> {
      const since = new Date(now().getTime() - MEDIAN_WINDOW_DAYS * 86_400_000);
      const [row] = await db
        .select({
          seconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from ${questSubmissions.firstAnswerAt} - ${questSubmissions.createdAt}))`,
        })
        .from(questSubmissions)
        .where(and(gte(questSubmissions.createdAt, since), isNotNull(questSubmissions.firstAnswerAt)));
      return row?.seconds == null ? null : Math.round((row.seconds / 3600) * 10) / 10;
    },
  };
}

export type PublicQuests = ReturnType<typeof createPublicQuests>;
