import { Link } from "react-router";
import { formatDateTime } from "../../../contract/time";
import { PageHero, Prose } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { QuestText, STATUS_LABEL, prizeLine, takesPart } from "../../components/quests/quest-facts";
import type { Route } from "./+types/quest-detail";
import { TakePartForm } from "../../components/quests/take-part-form";
import { loadQuest, submitQuest } from "./quests.server";

export const handle = { islands: true };

export function meta({ data, params }: Route.MetaArgs) {
  const quest = data?.found?.quest;
  if (!quest) return [{ title: "Quest not found" }, { name: "robots", content: "noindex" }];
  return pageMeta(`/quests/${params.id}`, quest.title, `${quest.title}: a quest with the prize ${prizeLine(quest)}. Read the rules and take part.`, {
    trail: [
      ["Home", "/"],
      ["Quests", "/quests"],
      [quest.title, `/quests/${params.id}`],
    ],
  });
}

export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = ({ params, context, request }: Route.LoaderArgs) => loadQuest(params.id, context, request);
export const action = ({ params, context, request }: Route.ActionArgs) => submitQuest(params.id, context, request);

/** /quests/:id: the description, rules, prize and deadline in India time, and how to take part. */
export default function QuestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const found = loaderData.found;
  if (!found) {
    return (
      <>
        <PageHero eyebrow="Quests" title="Quest not found" />
        <Prose>
          <p>
            There is no such quest.{" "}
            <Link className="text-sky-800 underline" to="/quests">
              See the open quests
            </Link>
            .
          </p>
        </Prose>
      </>
    );
  }
  const { quest, rulesHtml } = found;
  const state = takesPart(quest, new Date(loaderData.now));
  return (
    <>
      <PageHero eyebrow={`Quest · ${STATUS_LABEL[quest.status]}`} title={quest.title}>
        <p>Prize: {prizeLine(quest)}</p>
      </PageHero>
      <Prose>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-100 p-4">
          <dt className="font-medium">Status</dt>
          <dd>{STATUS_LABEL[quest.status]}</dd>
          {quest.opensAt ? (
            <>
              <dt className="font-medium">Opens</dt>
              <dd>{formatDateTime(quest.opensAt)}</dd>
            </>
          ) : null}
          <dt className="font-medium">Deadline</dt>
          <dd>{quest.deadline ? formatDateTime(quest.deadline) : "None: open until we close it"}</dd>
          <dt className="font-medium">Kind</dt>
          <dd>{quest.kind === "flag" ? "Find the flag and send it" : "Send your work: text, links and one file"}</dd>
          <dt className="font-medium">Submissions so far</dt>
          <dd>{quest.submissions}</dd>
          {quest.winnerNames.length ? (
            <>
              <dt className="font-medium">Winners</dt>
              <dd>{quest.winnerNames.join(", ")}</dd>
            </>
          ) : null}
        </dl>
        <section aria-labelledby="quest-description">
          <h2 id="quest-description" className="text-2xl font-bold">
            The task
          </h2>
          <QuestText text={quest.description} className="mt-3" />
        </section>
        {rulesHtml ? (
          <section aria-labelledby="quest-rules">
            <h2 id="quest-rules" className="text-2xl font-bold">
              Rules
            </h2>
            {/* Admin-typed Markdown, rendered with raw HTML escaped (app/lib/safe-markdown.server.ts). */}
            <div className="article-body mt-3" dangerouslySetInnerHTML={{ __html: rulesHtml }} />
          </section>
        ) : null}
        <section aria-labelledby="quest-take-part">
          <h2 id="quest-take-part" className="text-2xl font-bold">
            Take part
          </h2>
          {state === "open" && loaderData.participant ? (
            <TakePartForm
              questId={quest.id}
              kind={quest.kind}
              view={loaderData.participant}
              result={
                actionData ??
                (loaderData.refused ? { ok: false, message: loaderData.refused.error, errors: loaderData.refused.fieldErrors, value: loaderData.refused.fields } : null) ??
                (loaderData.sent ? { ok: true, message: loaderData.sent } : null)
              }
            />
          ) : null}
          {state === "open" && loaderData.participant ? null : (
          <p className="mt-3">
            {state === "open"
              ? "Sign in with your e-mail address to send your submission; you can edit it until we triage it."
              : state === "not_yet" && quest.opensAt
                ? `This quest opens on ${formatDateTime(quest.opensAt)}.`
                : "This quest no longer takes submissions."}{" "}
            {state === "open" ? (
              <Link className="text-sky-800 underline" to={`/account/sign-in?next=${encodeURIComponent(`/quests/${quest.id}`)}`}>
                Sign in to take part
              </Link>
            ) : null}
          </p>
          )}
        </section>
      </Prose>
    </>
  );
}
