import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db";
import type { Database } from "../db/client";
import { createPageTopics, type PageTopics } from "../page-topics";
import { pageCache } from "./page-cache";
import { PageStore } from "./page-store";

// The page cache in front of a stand-in renderer that counts its renders and says what it saw.
let database: Database;
let topics: PageTopics;
let store: PageStore;
let app: Hono;
let clock = 0;
let renders: string[] = [];
let answer: (path: string) => Response;
let hold: (path: string) => Promise<unknown>;
const page = (path: string) =>
  new Response(`<html><body><p>${path} render ${renders.length - 1}</p><script>var x=1</script>${"x".repeat(2000)}</body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" },
  });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  clock += 10_000;
  renders = [];
  answer = page;
  hold = () => new Promise((r) => setTimeout(r, 5));
  topics = createPageTopics(database.db, () => clock);
  store = new PageStore();
  app = new Hono();
  const render = async (path: string) => {
    renders.push(path);
    await hold(path);
    return answer(path);
  };
  app.use(
    pageCache({
      store,
      topics,
      pages: [
        { path: "/releases/:id", topics: ["catalogue"] },
        { path: "/login", topics: [] },
      ],
      render,
    }),
  );
  app.all("*", (c) => c.text(`rendered for this visitor`));
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers });

describe("page cache", () => {
  it("renders a page once, however many ask at once, and answers it with ETag, 304 and compression", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/releases/dirx", { "accept-encoding": "gzip, br" })));
    expect(renders).toEqual(["/releases/dirx"]);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const first = answers[0];
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("x-robots-tag")).toBe("noindex");
    // The inline script runs by its hash, as on the prerendered pages.
    expect(first.headers.get("content-security-policy")).toContain("'sha256-");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    expect((await get("/releases/dirx", { "if-none-match": etag })).status).toBe(304);
    expect(await (await get("/releases/dirx")).text()).toContain("/releases/dirx render 0");
    expect(renders).toHaveLength(1);
    expect(store.cachedStats().pages).toBe(1);
  });

  it("never answers from, nor fills, the cache for a query, a session cookie, a write or an unregistered path", async () => {
    await get("/login");
    for (const [path, headers] of [
      ["/login?next=/dashboard", {}],
      ["/login", { cookie: "theme=dark; session_id=abc" }],
      ["/login", { cookie: "__Host-customer_session=abc" }],
      ["/about", {}],
    ] as const) {
      expect(await (await get(path, headers)).text()).toBe("rendered for this visitor");
    }
    expect(await (await app.request("http://localhost/login", { method: "POST" })).text()).toBe("rendered for this visitor");
    // Another cookie is not a session: the cached page.
    expect(await (await get("/login", { cookie: "theme=dark" })).text()).toContain("/login render 0");
    expect(renders).toEqual(["/login"]);
  });

  it("keeps neither a page that sets a cookie nor one that is not a 200", async () => {
    answer = () => new Response("<p>hi</p>", { headers: { "Set-Cookie": "a=b", "Content-Type": "text/html" } });
    expect(await (await get("/releases/a")).text()).toBe("rendered for this visitor");
    answer = () => new Response("gone", { status: 404 });
    expect(await (await get("/releases/b")).text()).toBe("rendered for this visitor");
    expect(store.cachedStats().pages).toBe(0);
  });

  it("drops a topic's pages when its counter moves, read at most once a second", async () => {
    await get("/releases/dirx");
    await get("/login");
    // Another instance's write: only the counter in the database moves.
    const elsewhere = createPageTopics(database.db);
    await database.db.transaction((tx) => elsewhere.changed(tx, "catalogue"));
    expect(await (await get("/releases/dirx")).text()).toContain("render 0");
    clock += 1_000;
    expect(await (await get("/releases/dirx")).text()).toContain("render 2");
    // /login has no topic: still the first render.
    expect(await (await get("/login")).text()).toContain("/login render 1");
    expect(renders).toEqual(["/releases/dirx", "/login", "/releases/dirx"]);
  });

  it("a change on this instance drops its pages at once and keeps none until the counter is read back", async () => {
    await get("/releases/dirx");
    clock += 1_000;
    await get("/releases/dirx"); // the first read of the counters
    // Dropped at once; rendered while the change's transaction is open (PostgreSQL: PGlite's one
    // connection would hold the counter read until the commit): answered, not kept.
    const postgres = database.kind === "postgres";
    await database.db.transaction(async (tx) => {
      await topics.changed(tx, "catalogue");
      expect(store.get("/releases/dirx")).toBeUndefined();
      if (postgres) expect(await (await get("/releases/dirx")).text()).toContain("render 1");
    });
    // Committed: the next request reads the counter back at once, and the page is kept again.
    const next = postgres ? "render 2" : "render 1";
    expect(await (await get("/releases/dirx")).text()).toContain(next);
    expect(await (await get("/releases/dirx")).text()).toContain(next);
    expect(renders).toHaveLength(postgres ? 3 : 2);
  });

  it("does not keep a page whose topic changed while it rendered", async () => {
    await get("/login"); // the first read of the counters
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    hold = (path) => (path === "/releases/slow" ? gate : Promise.resolve());
    const slow = app.request("http://localhost/releases/slow");
    await expect.poll(() => renders).toContain("/releases/slow");
    // Meanwhile another instance changes the catalogue and this one reads the counter.
    await database.db.transaction((tx) => createPageTopics(database.db).changed(tx, "catalogue"));
    clock += 1_000;
    await get("/releases/other");
    release();
    expect((await slow).status).toBe(200);
    expect(store.get("/releases/slow")).toBeUndefined();
    expect(store.get("/releases/other")).toBeDefined();
  });
});
