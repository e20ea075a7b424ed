import { type AppLoadContext, data } from "react-router";
import type { PublicQuest } from "../../../server/features/quests";
import { domainErrorKind, InvalidInputError, UnauthenticatedError } from "../../../server/platform/errors";
import type { QuestView } from "../../components/quests/quest-facts";
import { renderSafeMarkdown } from "../../lib/safe-markdown.server";
import type { TakePartView } from "../../components/quests/take-part-form";
import { currentCustomer, NO_STORE } from "./account-session.server";
import { formAction } from "../../lib/form-action.server";

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

const questId = (idText: string) => (/^\d{1,9}$/.test(idText) ? Number(idText) : 0);

/** The signed-in participant's part of the page; null for a visitor (whose page may be cached). */
async function participantView(request: Request, context: AppLoadContext, id: number): Promise<TakePartView | null> {
  const customer = await currentCustomer(request, context);
  if (!customer) return null;
  const [me, mine] = await Promise.all([context.services.questSubmissions.participant(customer.id), context.services.questSubmissions.mine(customer.id)]);
  const submission = mine.find((s) => s.questId === id) ?? null;
  return { displayName: me.displayName, submission };
}

export async function loadQuest(idText: string, context: AppLoadContext, request: Request) {
  const id = questId(idText);
  try {
    const quest = await context.services.publicQuests.get(id);
    const names = await productNames([quest.prizeProductId], context);
    const participant = await participantView(request, context, id);
    const sent = participant && new URL(request.url).searchParams.has("sent") ? "Your submission is saved." : "";
    // The multipart form's refusal (server/features/quests/submission-form.routes.ts), with what was typed.
    const refused = participant ? (context.questForm ?? null) : null;
    const body = {
      found: { quest: toView(quest, names), rulesHtml: renderSafeMarkdown(quest.rules) },
      participant,
      sent,
      refused: refused ? { error: refused.error, fieldErrors: refused.fieldErrors, fields: refused.fields } : null,
      now: new Date().toISOString(),
    };
    // A participant's page carries their submission: never stored anywhere.
    return participant ? data(body, { status: refused?.status ?? 200, headers: NO_STORE }) : body;
  } catch (error) {
    if (domainErrorKind(error) === "not_found")
      return data({ found: null, participant: null, sent: "", refused: null, now: new Date().toISOString() }, { status: 404 });
    throw error;
  }
}

/**
 * The quest page's flag form, a plain URL-encoded post. A submission (text, links, a file) is a
 * multipart form posted to /quests/:id/submission, which streams it (pages never parse multipart).
 */
export async function submitQuest(idText: string, context: AppLoadContext, request: Request) {
  const id = questId(idText);
  const form = await request.formData();
  const customer = await currentCustomer(request, context);
  return formAction(
    undefined,
    async () => {
      if (!customer) throw new UnauthenticatedError("Please sign in to take part.");
      if (form.get("intent") !== "flag") throw new InvalidInputError("Send your submission with the form on this page.");
      const flag = form.get("flag");
      await context.services.questSubmissions.flag(customer.id, id, typeof flag === "string" ? flag : "");
      return { message: "That is the flag: your submission is accepted." };
    },
    { headers: NO_STORE },
  );
}
