import { type AppLoadContext, data } from "react-router";
import { formToInput, type PublicQuest } from "../../../server/features/quests";
import { domainErrorKind, UnauthenticatedError } from "../../../server/platform/errors";
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
    const body = {
      found: { quest: toView(quest, names), rulesHtml: renderSafeMarkdown(quest.rules) },
      participant,
      sent,
      now: new Date().toISOString(),
    };
    // A participant's page carries their submission: never stored anywhere.
    return participant ? data(body, { headers: NO_STORE }) : body;
  } catch (error) {
    if (domainErrorKind(error) === "not_found")
      return data({ found: null, participant: null, sent: "", now: new Date().toISOString() }, { status: 404 });
    throw error;
  }
}

/** The quest page's form, a plain URL-encoded post: a submission's text and links, or a flag. */
export async function submitQuest(idText: string, context: AppLoadContext, request: Request) {
  const id = questId(idText);
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  const customer = await currentCustomer(request, context);
  const submissions = context.services.questSubmissions;
  return formAction(
    undefined,
    async () => {
      if (!customer) throw new UnauthenticatedError("Please sign in to take part.");
      if (text("intent") === "flag") {
        await submissions.flag(customer.id, id, text("flag") ?? "");
        return { message: "That is the flag: your submission is accepted." };
      }
      const input = formToInput({
        body: text("body"),
        links: text("links"),
        display_name: text("display_name"),
        public_credit: text("public_credit"),
        edit: text("edit"),
      });
      await submissions.submit(customer.id, id, input);
      return { message: "Your submission is saved." };
    },
    { headers: NO_STORE },
  );
}
