import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until React has hydrated it (app/root.tsx sets the attribute). Public
 * pages request their scripts only once the parsed document has been painted (decision 007), so
 * `page.goto`, which waits for `load`, can return while menus and forms are still plain HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}
