import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { publicPagePaths } from "../../app/prerender";
import { E2E_PORT } from "../../playwright.config";
import { gotoHydrated } from "./hydration";
import { startOwnServer, stopOwnServer } from "./own-server";

// The same build, started with PUBLIC_ORIGIN and SITE_CONFIG_FILE, shows that
// deployment's origin and facts everywhere without a rebuild. The suite's own server runs the
// example config (no phone); this file starts a second one on its own port.
const ORIGIN = "https://www.example.org";
const PHONE = "+91 80 4718 2290";
const NAME = "Kestrel Security";
// A video for one CAMPUS documentation entry (id: group slug -- entry slug); the example config has none.
const VIDEO = { entry: "student--attendance-inormations", id: "Abc-123_xYz" };
const PORT = Number(process.env.E2E_DEPLOY_PORT ?? E2E_PORT + 1);
const deployed = `http://127.0.0.1:${PORT}`;
const articles = readdirSync("content/blog")
  .filter((f) => f.endsWith(".md") && f !== "README.md")
  .map((f) => `/Blog/${f.slice(0, -3)}`);
const pages = [...publicPagePaths, ...articles];

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

test.describe("a deployment with PUBLIC_ORIGIN and a site config file", () => {
  let server: ChildProcess | undefined;
  // Skipped on the phone project: these check HTTP answers (headers, files, a second server), which
  // do not depend on the viewport; running them twice would only double the time.
  test.skip(({ isMobile }) => isMobile, "HTTP answers only: the desktop project covers them");

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const dir = mkdtempSync(path.join(tmpdir(), "deploy-e2e-"));
    const config = path.join(dir, "site.json");
    writeFileSync(
      config,
      JSON.stringify({
        // Not the example config's name: the share images and the manifest must follow it.
        name: NAME,
        tagline: "Security consulting.",
        email: "hello@example.org",
        phone: PHONE,
        country: "India",
        campusVideos: { [VIDEO.entry]: VIDEO.id },
      }),
    );
    server = await startOwnServer(
      PORT,
      { DATA_DIR: path.join(dir, "data"), PUBLIC_ORIGIN: ORIGIN, SITE_CONFIG_FILE: config },
      "the deployment server",
    );
  });
  test.afterAll(() => stopOwnServer(server));

  test("canonical, og:url, og:image, sitemap, robots and the feed carry PUBLIC_ORIGIN", async ({ request }) => {
    for (const page of pages) {
      const html = await (await request.get(`${deployed}${page}`)).text();
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/), page).toBe(`${ORIGIN}${page}`);
      expect(attr(html, /<meta property="og:url" content="([^"]*)"/), page).toBe(`${ORIGIN}${page}`);
      expect(attr(html, /<meta property="og:image" content="([^"]*)"/), page).toMatch(new RegExp(`^${ORIGIN}/og/.+\\.png$`));
      expect(html, page).toContain(`href="${ORIGIN}/Blog/feed.xml"`);
      expect(html, page).not.toContain("127.0.0.1");
    }
    const sitemap = await (await request.get(`${deployed}/sitemap.xml`)).text();
    for (const page of pages) expect(sitemap).toContain(`<loc>${ORIGIN}${page}</loc>`);
    expect(sitemap).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(await (await request.get(`${deployed}/robots.txt`)).text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const feed = await (await request.get(`${deployed}/Blog/feed.xml`)).text();
    expect(feed).toContain(`<link rel="self" href="${ORIGIN}/Blog/feed.xml"/>`);
    for (const article of articles) expect(feed).toContain(`${ORIGIN}${article}`);
  });

  test("share images and the manifest carry the configured company name, not the build's", async ({ request }) => {
    for (const page of ["/", "/About", "/Blog/" + articles[0].split("/").pop()]) {
      const html = await (await request.get(`${deployed}${page}`)).text();
      const image = new URL(attr(html, /<meta property="og:image" content="([^"]*)"/) ?? "").pathname;
      const drawn = await (await request.get(`${deployed}${image}`)).body();
      expect([drawn.readUInt32BE(16), drawn.readUInt32BE(20)], image).toEqual([1200, 630]);
      // The suite's own server runs the example config: its card of the same page shows the example name.
      const example = await (await request.get(image)).body();
      expect(drawn.equals(example), `${image} drawn for ${NAME}`).toBe(false);
    }
    const manifest = (await (await request.get(`${deployed}/site.webmanifest`)).json()) as { name: string; short_name: string };
    expect(manifest).toMatchObject({ name: NAME, short_name: NAME });
  });

  test("the configured phone is on the page; without one there is no phone line", async ({ request }) => {
    const html = await (await request.get(`${deployed}/`)).text();
    expect(html).toContain(PHONE);
    expect(html).toContain(`href="tel:+918047182290"`);
    const example = await (await request.get("/")).text();
    expect(example).not.toContain("tel:");
    expect(example).not.toContain(">Phone<");
  });

  test("a configured CAMPUS video shows a poster; nothing third-party loads until the visitor asks for the player", async ({ page }) => {
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).hostname !== "127.0.0.1") elsewhere.push(r.url());
    });
    // The player itself is YouTube's; this machine may be offline, so its page is answered here.
    await page.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await gotoHydrated(page, `${deployed}/products/educational/campus/docs`);
    await page.getByRole("button", { name: "Student", exact: true }).click();
    await page.getByRole("button", { name: "Attendance Inormations" }).click();
    const poster = page.getByRole("button", { name: "Play video: CAMPUS: Attendance Inormations" });
    await expect(poster).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(elsewhere).toEqual([]);
    // Keyboard: the poster is a button, Enter starts the privacy-enhanced player.
    await poster.focus();
    await page.keyboard.press("Enter");
    const player = page.locator('iframe[title="CAMPUS: Attendance Inormations"]');
    await expect(player).toHaveAttribute("src", `https://www.youtube-nocookie.com/embed/${VIDEO.id}?autoplay=1`);
    await expect.poll(() => elsewhere.filter((u) => u.startsWith("https://www.youtube-nocookie.com/embed/")).length).toBeGreaterThan(0);
    expect(elsewhere.every((u) => u.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);
  });

  test("articles are typed article, with BlogPosting and BreadcrumbList data", async ({ request }) => {
    const html = await (await request.get(`${deployed}${articles[0]}`)).text();
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as { "@type": string },
    );
    expect(blocks.map((b) => b["@type"]).sort()).toEqual(["BlogPosting", "BreadcrumbList"]);
  });
});

test.describe("share images and the feed", () => {
  // Skipped on the phone project: these check HTTP answers (headers, files, a second server), which
  // do not depend on the viewport; running them twice would only double the time.
  test.skip(({ isMobile }) => isMobile, "HTTP answers only: the desktop project covers them");

  test("every page's og:image answers 200 image/png 1200x630, with its size and alt in the tags", async ({ request }) => {
    for (const page of pages) {
      const html = await (await request.get(page)).text();
      const image = new URL(attr(html, /<meta property="og:image" content="([^"]*)"/) ?? "").pathname;
      expect(attr(html, /<meta property="og:image:width" content="([^"]*)"/)).toBe("1200");
      expect(attr(html, /<meta property="og:image:height" content="([^"]*)"/)).toBe("630");
      expect(attr(html, /<meta property="og:image:alt" content="([^"]*)"/)).toMatch(/.{10,}/);
      const answer = await request.get(image);
      expect(answer.status(), image).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/png");
      const png = await answer.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
    }
  });

  test("the favicon set answers", async ({ request }) => {
    expect((await request.get("/favicon.ico")).headers()["content-type"]).toBe("image/x-icon");
    expect((await request.get("/apple-touch-icon.png")).status()).toBe(200);
    const manifest = (await (await request.get("/site.webmanifest")).json()) as { icons: unknown[] };
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  test("the feed parses as Atom with one entry per article", async ({ page, request }) => {
    const xml = await (await request.get("/Blog/feed.xml")).text();
    await page.goto("/robots.txt");
    const entries = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.querySelector("parsererror")) return null;
      return [...doc.querySelectorAll("entry")].map((e) => ({
        title: e.querySelector("title")?.textContent,
        link: e.querySelector("link")?.getAttribute("href"),
      }));
    }, xml);
    expect(entries).toHaveLength(9);
    for (const entry of entries ?? []) {
      expect(entry.title).toBeTruthy();
      expect((await request.get(new URL(entry.link ?? "").pathname)).status()).toBe(200);
    }
  });
});

test("every card on /Blog opens its article", async ({ page }) => {
  test.setTimeout(180_000);
  await gotoHydrated(page, "/Blog");
  const titles = await page.locator("main h2 a").allTextContents();
  expect(titles).toHaveLength(articles.length);
  for (const title of titles) {
    await gotoHydrated(page, "/Blog");
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("article time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  }
});

for (const article of articles) {
  test(`${article} has its byline, tags, neighbours and passes axe`, async ({ page }) => {
    const response = await gotoHydrated(page, article);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "More articles" }).getByRole("link").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu links, the docs roles and both /Projects choices are reachable", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blogs" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.goto("/products/educational/campus/docs");
    const role = page.locator("details", { hasText: "Administrator" }).first();
    await role.locator("summary").click();
    await expect(role.getByRole("heading", { name: "Infrastructure" })).toBeVisible();
    await page.goto("/Projects");
    await expect(page.getByRole("heading", { name: "TubeLearns" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "CAMPUS" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Read more about CAMPUS" })).toBeVisible();
  });
});
