import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until it has become interactive (app/root.tsx, or on a static page the
 * islands entry, sets the attribute). Static pages request their script only once the parsed
 * document has been painted (decisions 007 and 030), so
 * `page.goto`, which waits for `load`, can return while menus and forms are still plain HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}
