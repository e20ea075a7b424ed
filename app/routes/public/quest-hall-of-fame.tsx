import { Link } from "react-router";
import { PageHero, Prose } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import type { Route } from "./+types/quest-hall-of-fame";

export const handle = { islands: true };

export function meta() {
  return pageMeta("/quests/hall-of-fame", "Quest hall of fame", "The developers and researchers who won our quests, by the name they chose, with their consent.", {
    trail: [
      ["Home", "/"],
      ["Quests", "/quests"],
      ["Hall of fame", "/quests/hall-of-fame"],
    ],
  });
}

export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = async ({ context }: Route.LoaderArgs) => ({ people: await context.services.publicQuests.hallOfFame() });

/** /quests/hall-of-fame: accepted participants by their chosen display name, with their consent. */
export default function HallOfFame({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Quests" title="Hall of fame">
        <p>People whose work won one of our quests, named as they chose and only with their consent.</p>
      </PageHero>
      <Prose>
        {loaderData.people.length ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {loaderData.people.map((person) => (
              <li key={person.name} className="rounded-xl border border-slate-200 p-5">
                <h2 className="font-semibold text-slate-900">{person.name}</h2>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {person.quests.map((q) => (
                    <li key={q.id}>
                      <Link className="text-sky-800 underline" to={`/quests/${q.id}`}>
                        {q.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            No one has been credited yet.{" "}
            <Link className="text-sky-800 underline" to="/quests">
              Take on an open quest
            </Link>{" "}
            and be the first.
          </p>
        )}
      </Prose>
    </>
  );
}
