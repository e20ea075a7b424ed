import { Link } from "react-router";
import { formatDateTime } from "../../../contract/time";
import { PageHero } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { type QuestView, STATUS_LABEL, prizeLine, takesPart } from "../../components/quests/quest-facts";
import type { Route } from "./+types/quests";
import { loadQuestList } from "./quests.server";

// Server-rendered (quests change at run time) with no client JavaScript: the islands entry runs it.
export const handle = { islands: true };

export function meta() {
  return pageMeta(
    "/quests",
    "Quests",
    "Security and engineering quests for outside developers and researchers: find the flag or send your work, win cash, licences or coupons.",
    { trail: [["Home", "/"], ["Quests", "/quests"]] },
  );
}

export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = ({ context }: Route.LoaderArgs) => loadQuestList(context);

function QuestCard({ quest, now }: { quest: QuestView; now: Date }) {
  const state = takesPart(quest, now);
  return (
    <li className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-sky-700">
      <p className="text-xs font-semibold tracking-wide text-sky-800 uppercase">
        {state === "not_yet" && quest.opensAt ? `Opens ${formatDateTime(quest.opensAt)}` : STATUS_LABEL[quest.status]}
        {quest.kind === "flag" ? " · Find the flag" : ""}
      </p>
      <h3 className="mt-1 text-lg font-semibold">
        <Link to={`/quests/${quest.id}`} className="after:absolute after:inset-0 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-sky-600">
          {quest.title}
        </Link>
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium text-slate-900">Prize</dt>
        <dd>{prizeLine(quest)}</dd>
        <dt className="font-medium text-slate-900">Deadline</dt>
        <dd>{quest.deadline ? formatDateTime(quest.deadline) : "None"}</dd>
        <dt className="font-medium text-slate-900">Submissions</dt>
        <dd>{quest.submissions}</dd>
        {quest.status === "closed" ? (
          <>
            <dt className="font-medium text-slate-900">Winners</dt>
            <dd>{quest.winnerNames.length ? quest.winnerNames.join(", ") : "Not named"}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function Section({ title, quests, now, empty }: { title: string; quests: QuestView[]; now: Date; empty: string }) {
  return (
    <section className="mt-10 first:mt-0" aria-labelledby={`quests-${title}`}>
      <h2 id={`quests-${title}`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {quests.length ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {quests.map((q) => (
            <QuestCard key={q.id} quest={q} now={now} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">{empty}</p>
      )}
    </section>
  );
}

/** /quests: open quests first, then those being judged, then closed ones with their winners. */
export default function Quests({ loaderData }: Route.ComponentProps) {
  const now = new Date(loaderData.now);
  const open = loaderData.quests.filter((q) => q.status === "open");
  const judging = loaderData.quests.filter((q) => q.status === "judging");
  const closed = loaderData.quests.filter((q) => q.status === "closed");
  return (
    <>
      <PageHero eyebrow="Quests" title="Quests for outside developers and researchers">
        <p>
          Take on a task we set, send your work or the flag you found, and win a cash prize, a licence of one of our tools or a
          discount. Sign in with your e-mail to take part; no password needed.
        </p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12">
        <p className="mb-8 rounded-lg bg-slate-100 p-4 text-slate-800">
          {loaderData.medianHours === null
            ? "No submission has been answered in the last 90 days yet."
            : `Median time to a first answer over the last 90 days: ${loaderData.medianHours} hours.`}{" "}
          <Link className="text-sky-800 underline" to="/quests/hall-of-fame">
            See the hall of fame
          </Link>
          .
        </p>
        <Section title="Open" quests={open} now={now} empty="No quest is open right now. Follow this page: new quests are posted here first." />
        {judging.length ? <Section title="Being judged" quests={judging} now={now} empty="" /> : null}
        <Section title="Closed" quests={closed} now={now} empty="No quest has closed yet." />
      </div>
    </>
  );
}
