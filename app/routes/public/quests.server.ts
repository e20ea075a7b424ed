import { type AppLoadContext, data } from "react-router";
import type { PublicQuest } from "../../../server/features/quests";
import { domainErrorKind } from "../../../server/platform/errors";
import type { QuestView } from "../../components/quests/quest-facts";
import { renderSafeMarkdown } from "../../lib/safe-markdown.server";

/** A product's display name from the catalogue, for a licence or coupon prize. */
async function productNames(ids: (string | null)[], context: AppLoadContext): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  const names = await Promise.all(
    unique.map(async (id) => {
      const found = await context.services.releases.ofProduct(id).catch(() => null);
      return [id, found?.product.name ?? id] as const;
    }),
  );
  return new Map(names);
}

function toView(q: PublicQuest, names: Map<string, string>): QuestView {
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    prize: q.prize,
    status: q.status,
    kind: q.kind,
    opensAt: q.opensAt,
    deadline: q.deadline,
    prizeKind: q.prizeKind,
    prizeAmountPaise: q.prizeAmountPaise,
    prizeProductName: q.prizeProductId ? (names.get(q.prizeProductId) ?? q.prizeProductId) : null,
    prizeVersion: q.prizeVersion,
    prizePercent: q.prizePercent,
    winners: q.winners,
    submissions: q.submissions,
    winnerNames: q.winnerNames,
  };
}

export async function loadQuestList(context: AppLoadContext) {
  const [quests, medianHours] = await Promise.all([context.services.publicQuests.list(), context.services.publicQuests.medianHoursToFirstAnswer()]);
  const names = await productNames(
    quests.map((q) => q.prizeProductId),
    context,
  );
  return { quests: quests.map((q) => toView(q, names)), medianHours, now: new Date().toISOString() };
}

export async function loadQuest(idText: string, context: AppLoadContext) {
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
  try {
    const quest = await context.services.publicQuests.get(id);
    const names = await productNames([quest.prizeProductId], context);
    return { found: { quest: toView(quest, names), rulesHtml: renderSafeMarkdown(quest.rules) }, now: new Date().toISOString() };
  } catch (error) {
    if (domainErrorKind(error) === "not_found") return data({ found: null, now: new Date().toISOString() }, { status: 404 });
    throw error;
  }
}
