import { sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { pageTopics } from "./db/schema";

/**
 * What a cached public page shows, by kind of content. "catalogue": products, versions, patches
 * and their builds (release notes, their feeds, product pages with builds, the sitemap); "quests":
 * the quests, their states and submission counts (the quest pages, the sitemap); "advisories": the
 * published security advisories (their list, pages, feed and OSV JSON, the release notes). A new kind
 * is one more name here and a `changePages` call in the writes that change it.
 */
export type PageTopic = "catalogue" | "quests" | "advisories";

/** How long a change made on this instance keeps its pages out of the cache while the counter is not yet read back (a transaction still open, or rolled back). */
const PENDING_MS = 10_000;
/** The counters are read at most this often (docs/decisions/102-public-page-cache.md). */
export const TOPICS_READ_EVERY_MS = 1_000;

/** Adds one to `topic`'s counter (inside the write's transaction: the row lock orders concurrent writes); the new count. */
export async function countPageChange(tx: Pick<Db, "insert">, topic: PageTopic): Promise<number> {
  const [row] = await tx
    .insert(pageTopics)
    .values({ topic, version: 1 })
    .onConflictDoUpdate({ target: pageTopics.topic, set: { version: sql`${pageTopics.version} + 1` } })
    .returning({ version: pageTopics.version });
  return row.version;
}

type TopicState = { seen?: number; generation: number; pendingUntilVersion?: number; pendingUntil: number };

/**
 * Change counters of the public page cache, one row per topic in `page_topics`, and what this app
 * instance knows of them. A write calls `changed(tx, topic)` inside its own transaction; every
 * instance reads the counters (`refresh`, at most once per TOPICS_READ_EVERY_MS when a cached page
 * is asked for) and tells its listeners (the page cache drops the topic's pages).
 *
 * A page rendered while a change was under way must not be kept: `stamp` before the render and
 * `unchanged` before keeping it say whether any of its topics moved meanwhile, and a change made on
 * this instance keeps its topic out of the cache until the counter read back shows it committed.
 */
export function createPageTopics(db: Db, now: () => number = Date.now) {
  const topics = new Map<string, TopicState>();
  const listeners: ((topic: string) => void)[] = [];
  let lastRead = -Infinity;
  let reading: Promise<void> | undefined;
  let readOnce = false;

  const state = (topic: string) => {
    let found = topics.get(topic);
    if (!found) topics.set(topic, (found = { generation: 0, pendingUntil: 0 }));
    return found;
  };
  const moved = (topic: string) => {
    state(topic).generation++;
    for (const listener of listeners) listener(topic);
  };

  async function read(): Promise<void> {
    const rows = await db.select({ topic: pageTopics.topic, version: pageTopics.version }).from(pageTopics);
    for (const { topic, version } of rows) {
      const s = state(topic);
      const before = s.seen;
      s.seen = version;
      if (s.pendingUntilVersion !== undefined && version >= s.pendingUntilVersion) s.pendingUntil = 0;
      // A topic first counted after this instance's first read moved too.
      if (before !== version && (before !== undefined || readOnce)) moved(topic);
    }
    readOnce = true;
  }

  return {
    /** Counts one change of `topic`; call it inside the transaction of the write. */
    async changed(tx: Pick<Db, "insert">, topic: PageTopic): Promise<void> {
      const version = await countPageChange(tx, topic);
      const s = state(topic);
      s.pendingUntilVersion = Math.max(s.pendingUntilVersion ?? 0, version);
      s.pendingUntil = now() + PENDING_MS;
      moved(topic);
    },

    /** Reads the counters when the last read is older than TOPICS_READ_EVERY_MS; concurrent callers share one read. */
    refresh(): Promise<void> | undefined {
      if (reading) return reading;
      // While a change of this instance waits to be read back, every request reads: its pages are
      // cached again as soon as it committed, not a second later.
      const waiting = [...topics.values()].some((t) => t.pendingUntil > now());
      if (!waiting && now() - lastRead < TOPICS_READ_EVERY_MS) return undefined;
      lastRead = now();
      reading = read()
        .catch(() => {
          // The database is away: the pages held stay served; the next read retries in a second.
        })
        .finally(() => (reading = undefined));
      return reading;
    },

    onChange(listener: (topic: string) => void): void {
      listeners.push(listener);
    },

    /** What the topics were when a render started. */
    stamp(names: readonly string[]): string {
      return names.map((n) => state(n).generation).join(",");
    },

    /** True when none of `names` moved since `stamp` and none waits for its change to be read back. */
    unchanged(names: readonly string[], stamp: string): boolean {
      const t = now();
      return this.stamp(names) === stamp && names.every((n) => state(n).pendingUntil <= t);
    },
  };
}

export type PageTopics = ReturnType<typeof createPageTopics>;

/** The part of PageTopics a write needs (services get it through their deps). */
export type PageChanges = Pick<PageTopics, "changed">;
