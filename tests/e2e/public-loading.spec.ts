import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

// A static page requests its script only after the whole document was parsed (and painted two
// frames later; the paint's timestamp is not asserted, Chromium reports it late), then runs it
// under the page's CSP: hashes when prerendered, a nonce when rendered per request, as the 404 page
// is. That script is the islands entry alone, not React Router (decision 030); React comes only
// with a contact form that is used.
for (const path of ["/", "/products/educational/campus/docs", "/products/no-such-thing"]) {
  test(`${path} requests only the islands entry, after the parsed document, without CSP errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page, path);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/.+\.js$/.test(r.name)) as PerformanceResourceTiming[];
      return {
        domContentLoaded: navigation.domContentLoadedEventEnd,
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        names: scripts.map((r) => new URL(r.name).pathname),
        bytes: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0),
        reactRouter: "__reactRouterRouteModules" in window,
      };
    });
    expect(timing.names.length).toBeGreaterThanOrEqual(1);
    expect(timing.names.every((name) => name.startsWith("/assets/islands-"))).toBe(true);
    expect(timing.reactRouter).toBe(false);
    // The islands entry is a few KB; React Router's hydration would be ~93 KB compressed.
    expect(timing.bytes).toBeLessThan(30_000);
    expect(timing.firstScript).toBeGreaterThan(timing.domContentLoaded);
    expect(errors).toEqual([]);
    const html = await (await page.request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');
    // Decision 070: nor React Router's inline scripts (its context, loader data, scroll restoration).
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain("react-router-scroll-positions");
    const scripts = html.match(/<script\b(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script type="module" async=""( nonce="[^"]+")?>$/);
  });
}

test("the home form brings React when it is used; a submit made before that waits for it and is sent as JSON", async ({ page }) => {
  await gotoHydrated(page, "/");
  const formCode = () => page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.includes("contact-form")));
  expect(await formCode()).toBe(false);
  await page.route("/api/contact-general", (route) => route.fulfill({ status: 200, json: { status: "ok" } }));
  const sent = page.waitForRequest("/api/contact-general");
  // Values set without focus or pointer events, then submitted at once: the island is not hydrated yet.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[action^="/contact/sent"]');
    if (!form) throw new Error("no contact form");
    (form.elements.namedItem("name") as HTMLInputElement).value = "Early Bird";
    (form.elements.namedItem("email") as HTMLInputElement).value = "early@example.com";
    (form.elements.namedItem("message") as HTMLTextAreaElement).value = "Sent before React took the form over.";
    form.requestSubmit();
  });
  expect((await sent).postDataJSON()).toEqual({
    name: "Early Bird",
    email: "early@example.com",
    message: "Sent before React took the form over.",
  });
  await expect(page.getByText("Message sent successfully")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("");
  expect(page.url()).not.toContain("/contact/sent");
  expect(await formCode()).toBe(true);
});

// The other kind of page, the ones React Router runs (login, admin, checkout), carries React
// Router's own tags as it renders them: preloads in the head, its bootstrap at the end of the body.
test("the login page loads React Router's scripts from the head, as React Router renders them", async ({ page }) => {
  await page.goto("/login");
  const html = await (await page.request.get("/login")).text();
  expect(html).toMatch(/<head>.*<link rel="modulepreload" href="\/assets\//s);
  expect(html).not.toContain("fetchpriority");
  expect(html).toContain("__reactRouterContext");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});
