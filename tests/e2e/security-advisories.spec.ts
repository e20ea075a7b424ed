import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { adminHeaders, checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";
import { mailsTo } from "./mail-box";
import { nuErrors } from "./nu-check";
import { openHydrated } from "./store-fixtures";

// An advisory from the admin's form to everyone it concerns: the public list and page, the release
// notes of the fixing version, the desktop tools' update check, the OSV JSON, and one mail to the
// holder of a licence for the affected version.

const VECTOR = "CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:N";

/** The id of the product version `version` of `productId` in the admin's list. */
async function versionId(page: Page, productId: string, version: string): Promise<number> {
  const response = await page.request.get(`/api/admin/product-versions?product_id=${productId}&archived=include`);
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { items: { id: number; version: string }[] }).items;
  const found = items.find((v) => v.version === version);
  expect(found, `${productId} ${version} in the admin's version list`).toBeTruthy();
  return found!.id;
}

/** Buys `productId` `version` through the checkout API and the payment sandbox; returns the licence key. */
async function buyVersion(page: Page, productId: string, version: string, email: string): Promise<string> {
  const created = await page.request.post("/api/checkout/orders", {
    data: { product_id: productId, version, email, name: "Asha Rao", billing: { state_code: "29" } },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { order_id: number; token: string };
  await openHydrated(page, `/checkout/test-pay?order=${order.order_id}&token=${encodeURIComponent(order.token)}`);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(/^ONI-/, { timeout: 30_000 });
  return (await page.getByTestId("licence-key").textContent()) as string;
}

/** axe on the open page and the Nu checker on the HTML the server sends for `path`. */
async function checkPublicPage(page: Page, path: string, name: string, projectName: string) {
  await checkScreen(page, name, projectName);
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(nuErrors(await response.text(), `${projectName}-${name}`)).toEqual([]);
}

test("an advisory written in the admin reaches the public pages, the release notes, the update check, OSV and the licence holder's mail", async ({
  page,
  browser,
}, testInfo) => {
  // Two versions, a purchase, an upload, a form, four axe and two Nu runs: minutes on a loaded machine.
  test.setTimeout(300_000);
  const affected = await createVersion(page, { version: "1.0" });
  const { product_id: productId, product_name: productName } = affected;
  await createVersion(page, { product_id: productId, product_name: productName, version: "1.1" });
  const forSale = await page.request.patch(`/api/admin/product-versions/${await versionId(page, productId, "1.0")}`, {
    headers: adminHeaders,
    data: { for_sale: true },
  });
  expect(forSale.status()).toBe(200);
  // A signed build of the fixing version, so the update check from 1.0 has a release to offer.
  const upload = await page.request.post("/api/admin/artifacts", {
    headers: adminHeaders,
    multipart: {
      product_id: productId,
      version: "1.1",
      platform: "linux",
      arch: "x86_64",
      file: { name: `${productId}-1.1-linux.tar.gz`, mimeType: "application/gzip", buffer: randomBytes(4_096) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  expect(((await upload.json()) as { signed: boolean }).signed).toBe(true);

  const holder = `${unique("holder")}@example.com`.toLowerCase();
  const customer = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const customerPage = await customer.newPage();
  const licenceKey = await buyVersion(customerPage, productId, "1.0", holder);

  // The admin writes the advisory; a malformed vector is refused beside its field, the rest kept.
  const title = unique("Path traversal in the report export");
  await openHydrated(page, "/dashboard/advisories");
  await page.getByRole("link", { name: "New advisory" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New advisory" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("A crafted report name writes the export outside the reports folder.");
  await page
    .getByLabel("Details (Markdown)")
    .fill("## Impact\n\nA report named with `../` segments is written **outside the reports folder**.\n\n## Fix\n\nUpdate to 1.1.");
  await page.getByLabel("Product").selectOption({ label: productName });
  await page.getByLabel("Range 1: first affected version").fill("1.0");
  await page.getByLabel("Range 1: fixed in").fill("1.1");
  await page.getByLabel("Credit 1: name").fill("Mira Researcher");
  await page.getByLabel("Agreed to be listed").first().check();
  const vector = page.getByLabel("CVSS 3.1 vector");
  await vector.fill("CVSS:3.1/AV:N/AC:L");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(vector).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
  await expect(vector).toHaveAccessibleDescription(/Write a CVSS 3\.1 base vector such as/);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await vector.fill(VECTOR);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("advisory-status")).toHaveText("draft", { timeout: 30_000 });
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  expect(id).toMatch(/^[A-Z][A-Z0-9]*-\d{4}-\d{3,}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  // Still a draft: not public yet.
  expect((await customerPage.request.get(`/security/advisories/${id}.json`)).status()).toBe(404);

  await page.getByRole("button", { name: "Publish and mail the affected licence holders" }).click();
  await expect(page.getByRole("status")).toHaveText(`${id} is published; 1 licence holder was mailed.`, { timeout: 30_000 });
  await expect(page.getByTestId("advisory-status")).toHaveText("published");

  // The public list and the advisory's page, seen by a visitor.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const public_ = await visitor.newPage();
  await openHydrated(public_, "/security/advisories");
  const item = public_.getByTestId("advisory-list").getByRole("listitem").filter({ hasText: id });
  await expect(item.getByRole("link", { name: `${id}: ${title}` })).toBeVisible();
  await expect(item).toContainText("A crafted report name writes the export outside the reports folder.");
  await expect(item).toContainText(productName);
  await checkPublicPage(public_, "/security/advisories", "security-advisories", testInfo.project.name);

  await item.getByRole("link", { name: `${id}: ${title}` }).click();
  await expect(public_).toHaveURL(new RegExp(`/security/advisories/${id}$`));
  await expect(public_.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(public_.getByTestId("advisory-details").getByRole("heading", { name: "Impact" })).toBeVisible();
  await expect(public_.getByTestId("advisory-details").locator("strong")).toHaveText("outside the reports folder");
  await expect(public_.getByText("Mira Researcher")).toBeVisible();
  await expect(public_.getByText(VECTOR)).toBeVisible();
  await checkPublicPage(public_, `/security/advisories/${id}`, "security-advisory", testInfo.project.name);

  // The release notes mark the fixing version, and only it.
  await public_.goto(`/releases/${productId}`);
  const fixes = public_.getByTestId("fixes-1.1");
  await expect(fixes.getByRole("link", { name: id })).toHaveAttribute("href", `/security/advisories/${id}`);
  await expect(fixes).toContainText(title);
  await expect(public_.getByTestId("fixes-1.0")).toHaveCount(0);

  // OSV.
  const osvResponse = await public_.request.get(`/security/advisories/${id}.json`);
  expect(osvResponse.status()).toBe(200);
  const osv = (await osvResponse.json()) as {
    id: string;
    summary: string;
    severity: { type: string; score: string }[];
    affected: { package: { name: string }; ranges: { type: string; events: Record<string, string>[] }[] }[];
    credits: { name: string }[];
  };
  expect(osv.id).toBe(id);
  expect(osv.summary).toBe("A crafted report name writes the export outside the reports folder.");
  expect(osv.severity).toEqual([{ type: "CVSS_V3", score: VECTOR }]);
  expect(osv.affected[0].package.name).toBe(productId);
  expect(osv.affected[0].ranges).toEqual([{ type: "ECOSYSTEM", events: [{ introduced: "1.0" }, { fixed: "1.1" }] }]);
  expect(osv.credits.map((c) => c.name)).toEqual(["Mira Researcher"]);

  // The desktop tools' update check from 1.0, with the holder's licence, offers 1.1 and lists the advisory.
  const check = await public_.request.get(`/api/updates/check?product_id=${productId}&version=1.0&platform=linux&arch=x86_64`, {
    headers: { authorization: `License ${licenceKey}` },
  });
  expect(check.status(), await check.text()).toBe(200);
  const update = (await check.json()) as { version: string; advisories: { id: string; fixed_in: string | null }[] };
  expect(update.version).toBe("1.1");
  expect(update.advisories.map((a) => a.id)).toContain(id);
  expect(update.advisories.find((a) => a.id === id)?.fixed_in).toBe("1.1");

  // Exactly one mail about this advisory reached the holder.
  const aboutIt = () => mailsTo(holder).filter((m) => m.subject.includes(id));
  await expect.poll(() => aboutIt().length, { timeout: 30_000, message: `the mail about ${id} to ${holder}` }).toBe(1);
  expect(aboutIt()[0].subject).toBe(`Security advisory ${id} affects your ${productName} 1.0`);
  expect(aboutIt()[0].text).toContain(`/security/advisories/${id}`);
  expect(aboutIt()[0].text).toContain(`Update ${productName} to 1.1 or later.`);

  await visitor.close();
  await customer.close();
});
