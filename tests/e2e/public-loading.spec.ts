import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

// Decision 007: a public page requests its hydration scripts only after the whole document was
// parsed (and painted two frames later; the paint's timestamp is not asserted, Chromium reports it
// late), then hydrates under the page's CSP: hashes when prerendered, a nonce when rendered per
// request, as the 404 page is. The admin login needs its scripts at once.
for (const path of ["/", "/products/educational/campus/docs", "/products/no-such-thing"]) {
  test(`${path} requests its scripts after the parsed document and hydrates without CSP errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await gotoHydrated(page, path);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance.getEntriesByType("resource").filter((r) => /\/assets\/.+\.js$/.test(r.name));
      return {
        domContentLoaded: navigation.domContentLoadedEventEnd,
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThanOrEqual(4);
    expect(timing.firstScript).toBeGreaterThan(timing.domContentLoaded);
    expect(errors).toEqual([]);
    // The bootstrap adds the preloads when it starts; none come with the HTML.
    expect(await (await page.request.get(path)).text()).not.toContain('rel="modulepreload"');
  });
}

test("the login page still preloads its scripts from the head", async ({ page }) => {
  await page.goto("/login");
  const html = await (await page.request.get("/login")).text();
  expect(html).toMatch(/<head>.*<link rel="modulepreload" fetchpriority="low"/s);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});
