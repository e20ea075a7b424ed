import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { adminHeaders, checkScreen, createVersion, expect, test } from "./admin-fixtures";
import { signIn } from "./account-fixtures";
import { buyer, fillCheckout, openHydrated } from "./store-fixtures";

test.describe.configure({ timeout: 120_000 });

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

test("the admin uploads a build with a progress bar; a buyer downloads it from the receipt and the account (SHA-256 matches); yanked, it is withdrawn everywhere", async ({
  page,
}, testInfo) => {
  const v = await createVersion(page);
  const listed = await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`);
  const id = ((await listed.json()) as { items: { id: number }[] }).items[0].id;
  const sale = await page.request.patch(`/api/admin/product-versions/${id}`, { headers: adminHeaders, data: { for_sale: true } });
  expect(sale.status()).toBe(200);

  const build = randomBytes(3 * 1024 * 1024);
  const filename = `${v.product_id}-linux.tar.gz`;
  await openHydrated(page, `/dashboard/versions/${id}`);
  const builds = page.getByRole("region", { name: "Builds" });
  await expect(builds.getByText("No builds yet.")).toBeVisible();
  await builds.getByLabel("Build file").setInputFiles({ name: filename, mimeType: "application/gzip", buffer: build });
  await builds.getByLabel("Platform").first().selectOption("linux");
  await builds.getByLabel("Architecture").first().selectOption("x86_64");
  // A slow uplink (Chromium's network emulation) so the progress bar is seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  await builds.getByRole("button", { name: "Upload build" }).click();
  await expect(builds.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(builds.getByRole("status").first()).toHaveText(`Uploaded ${filename}: ${build.length} bytes, SHA-256 ${sha256(build)}.`);
  await expect(builds.getByText("0 downloads")).toBeVisible();
  await checkScreen(page, "admin-builds", testInfo.project.name);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // The buyer, in a fresh context with no admin session.
  const buyerContext = await page.context().browser()!.newContext();
  const buyerPage = await buyerContext.newPage();
  await openHydrated(buyerPage, `/checkout/${v.product_id}`);
  const who = buyer("download");
  await fillCheckout(buyerPage, who);
  await buyerPage.getByRole("button", { name: "Continue to payment" }).click();
  await buyerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);
  const downloads = buyerPage.getByRole("region", { name: "Downloads" });
  await expect(downloads.getByText(`SHA-256 ${sha256(build)}`)).toBeVisible();
  await checkScreen(buyerPage, "store-receipt-downloads", testInfo.project.name);
  const [download] = await Promise.all([
    buyerPage.waitForEvent("download"),
    downloads.getByRole("button", { name: `Download ${filename}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(filename);
  expect(sha256(await readFile((await download.path())!))).toBe(sha256(build));

  // The same build from the account: the button is a form post answered by a 303 to a signed link.
  await signIn(buyerPage, who.email);
  const fromAccount = buyerPage.getByRole("region", { name: "Downloads" });
  await expect(fromAccount.getByText(`SHA-256 ${sha256(build)}`)).toBeVisible();
  await expect(fromAccount).toContainText("Linux x86_64 · 1.0 · 3.0 MB");
  await checkScreen(buyerPage, "account-downloads", testInfo.project.name);
  const [again] = await Promise.all([
    buyerPage.waitForEvent("download"),
    fromAccount.getByRole("button", { name: `Download ${filename}` }).click(),
  ]);
  expect(again.suggestedFilename()).toBe(filename);
  expect(sha256(await readFile((await again.path())!))).toBe(sha256(build));
  await expect(buyerPage).toHaveURL(/\/account$/);

  await page.reload();
  await expect(page.getByRole("region", { name: "Builds" }).getByText("2 downloads")).toBeVisible();

  // Yanked: listed as withdrawn on the release notes and the feed, offered nowhere.
  const yank = await page.request.patch(`/api/admin/product-versions/${id}`, {
    headers: adminHeaders,
    data: { status: "yanked", yank_reason: "Corrupt archive" },
  });
  expect(yank.status()).toBe(200);
  await buyerPage.goto(`/releases/${v.product_id}`);
  await expect(buyerPage.getByRole("heading", { level: 2, name: "Version 1.0 (withdrawn)" })).toBeVisible();
  await expect(buyerPage.getByText("Corrupt archive")).toBeVisible();
  expect(await (await buyerPage.request.get(`/releases/${v.product_id}/feed.xml`)).text()).toContain(`${v.product_name} 1.0 (withdrawn)`);
  expect((await buyerPage.request.get(`/releases/${v.product_id}/1.0/SHA256SUMS`)).status()).toBe(404);
  await buyerPage.goto("/account");
  await expect(buyerPage.getByRole("region", { name: "Downloads" })).toHaveCount(0);
  await buyerContext.close();
});
