import { type APIRequestContext, expect, type Page, request, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { E2E_MAIL_PORT, E2E_PORT } from "../../playwright.config";
import { signIn } from "./account-fixtures";
import { adminHeaders, checkScreen } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { dataDirWithAdmin, startOwnServer, stopOwnServer } from "./own-server";
import { DIRX_VERSION } from "./store-fixtures";

// The dirx page's own download buttons (app/components/store/product-downloads.tsx). Publishing a
// build of dirx changes that page for every spec looking at it on the suite's server (its copy
// buttons belong to the fallback of public-pages.spec.ts, the store specs sell dirx 1.0), so this file
// starts a second server on its own port and fresh embedded database, with its admin made by the real
// CLI before the server opens that database (as admin-mfa-required.spec.ts does).
const PORT = Number(process.env.E2E_DOWNLOADS_PORT ?? E2E_PORT + 3);
const origin = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "dirx-builds@example.com", password: "dirx builds passphrase 2026" };
const PAGE = "/products/cyber/webtools/dirx";
const VERSION = "1.2";
const PRICE = { amount: 1499, shown: "₹1,499.00" };

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** The builds this file publishes: two platforms, sizes that read differently on the page. */
const BUILDS = [
  { platform: "linux", arch: "x86_64", label: "Linux x86_64", size: "1.5 MB", data: randomBytes(1536 * 1024) },
  { platform: "mac", arch: "arm64", label: "macOS arm64", size: "700 KB", data: randomBytes(700 * 1024) },
].map((b) => ({ ...b, filename: `dirx-${VERSION}-${b.platform}-${b.arch}.tar.gz`, sha256: sha256(b.data) }));

test.use({ baseURL: origin });
test.describe.configure({ timeout: 120_000 });

let server: ChildProcess | undefined;
let admin: APIRequestContext | undefined;
let versionId = 0;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One project at a time, each with its own server and database: dirx and its builds are new in each.
  const dataDir = await dataDirWithAdmin("dirx-downloads", ADMIN);
  // Mail goes to the suite's catcher, so a buyer here can sign in to the account with a mailed code.
  server = await startOwnServer(
    PORT,
    { DATA_DIR: dataDir, NODE_ENV: "production", SMTP_URL: `smtp://127.0.0.1:${E2E_MAIL_PORT}` },
    "the dirx downloads server",
  );
  admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: adminHeaders });
  expect((await admin.post("/api/admin/login", { data: ADMIN })).status()).toBe(200);

  // dirx as an admin adds it, at a price of 0 typed on purpose: a free version (contract/products.ts),
  // whose builds need no licence (server/features/releases/offered-artifacts.ts).
  const added = await admin.post("/api/oni/add/product/version", {
    data: { ...DIRX_VERSION, version: VERSION, amount: 0 },
  });
  expect(added.status()).toBe(201);
  const listed = await admin.get("/api/admin/product-versions?product_id=dirx");
  versionId = ((await listed.json()) as { items: { id: number }[] }).items[0].id;

  for (const build of BUILDS) {
    const uploaded = await admin.post("/api/admin/artifacts", {
      multipart: {
        product_id: "dirx",
        version: VERSION,
        platform: build.platform,
        arch: build.arch,
        file: { name: build.filename, mimeType: "application/gzip", buffer: build.data },
      },
    });
    expect(uploaded.status()).toBe(201);
    expect(((await uploaded.json()) as { sha256: string }).sha256).toBe(build.sha256);
  }
});

test.afterAll(async () => {
  await admin?.dispose();
  await stopOwnServer(server);
});

/** dirx free (price 0) or paid and for sale, through the same PATCH as the admin's version screen. */
async function setPrice(amount: number) {
  const patched = await admin!.patch(`/api/admin/product-versions/${versionId}`, { data: { amount, for_sale: amount > 0 } });
  expect(patched.status()).toBe(200);
}

const downloadsOf = (page: Page) => page.getByRole("region", { name: `Download dirx ${VERSION}` });
const rowOf = (page: Page, build: (typeof BUILDS)[number]) => downloadsOf(page).getByRole("listitem").filter({ hasText: build.filename });

/** Each build listed with its platform, release, size, file name and SHA-256. */
async function expectBuildsListed(page: Page) {
  await expect(downloadsOf(page).getByRole("listitem")).toHaveCount(BUILDS.length);
  for (const build of BUILDS) {
    const row = rowOf(page, build);
    await expect(row).toContainText(`${build.label} · ${VERSION} · ${build.size}`);
    await expect(row.getByText(`SHA-256 ${build.sha256}`)).toBeVisible();
  }
}

/** Clicks the build's button and checks the file the browser saved: its name and its SHA-256. */
async function downloadFrom(page: Page, build: (typeof BUILDS)[number]) {
  const button = rowOf(page, build).getByRole("button", { name: `Download for ${build.label}` });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe(build.filename);
  expect(sha256(await readFile((await download.path())!))).toBe(build.sha256);
}

test("a free dirx's page lists its published builds, and each button downloads its file", async ({ page }, testInfo) => {
  await setPrice(0);
  await gotoHydrated(page, PAGE);
  await expectBuildsListed(page);
  // The published builds replace the site config's download links and install commands.
  await expect(page.getByRole("link", { name: /^Download for / })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Install" })).toHaveCount(0);
  await expect(page.getByText("The builds come with a licence")).toHaveCount(0);
  await expect(downloadsOf(page).getByRole("link", { name: "SHA256SUMS" })).toHaveAttribute("href", `/releases/dirx/${VERSION}/SHA256SUMS`);
  // Nothing to buy: no buy box beside the free buttons.
  await expect(page.getByRole("region", { name: "Buy a dirx licence" })).toHaveCount(0);
  await checkScreen(page, "dirx-downloads-free", testInfo.project.name);

  for (const build of BUILDS) await downloadFrom(page, build);
  // The 303 led to a download, not away from the page.
  await expect(page).toHaveURL(`${origin}${PAGE}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the button is a plain form post: the browser still gets the file", async ({ page }) => {
    await setPrice(0);
    await page.goto(PAGE);
    await expectBuildsListed(page);
    await downloadFrom(page, BUILDS[0]);
  });
});

test("a paid dirx's page lists the builds with the way to them, and a page left open from free times refuses", async ({
  page,
}, testInfo) => {
  await setPrice(0);
  await gotoHydrated(page, PAGE);
  const button = rowOf(page, BUILDS[0]).getByRole("button", { name: `Download for ${BUILDS[0].label}` });
  await expect(button).toBeVisible();

  // dirx goes on sale while the page is open: the old button's post is refused on the page itself.
  await setPrice(PRICE.amount);
  await button.click();
  await expect(downloadsOf(page).getByRole("alert")).toHaveText("This build needs a licence key for its product.");

  await gotoHydrated(page, PAGE);
  await expectBuildsListed(page);
  await expect(downloadsOf(page).getByRole("button")).toHaveCount(0);
  const way = downloadsOf(page).getByText("The builds come with a licence");
  await expect(way).toHaveText("The builds come with a licence: buy one, then download them from your account.");
  await expect(way.getByRole("link", { name: "buy one" })).toHaveAttribute("href", "/checkout/dirx");
  await expect(way.getByRole("link", { name: "your account" })).toHaveAttribute("href", "/account");
  await expect(page.getByRole("region", { name: "Buy a dirx licence" }).getByTestId("store-price")).toHaveText(PRICE.shown);
  await checkScreen(page, "dirx-downloads-paid", testInfo.project.name);
});

/** The file names a region lists, in order. */
const listed = async (region: ReturnType<Page["getByRole"]>) =>
  region.getByRole("listitem").evaluateAll((items) => items.map((i) => i.getAttribute("data-build")));

test("the product page, the receipt and the account list the same builds; the configured links are gone", async ({ page }, testInfo) => {
  await setPrice(PRICE.amount);
  await gotoHydrated(page, PAGE);
  await expectBuildsListed(page);
  await expect(page.getByTestId("sale-note")).toHaveText(
    `On sale: dirx ${VERSION}. A licence runs 12 months and includes every release published during its term.`,
  );
  const onPage = await listed(downloadsOf(page));
  expect([...onPage].sort()).toEqual(BUILDS.map((b) => b.filename).sort());

  const email = `same-builds-${testInfo.project.name}-${Date.now()}@example.com`;
  const created = await page.request.post("/api/checkout/orders", {
    data: { product_id: "dirx", version: VERSION, email, name: "Asha Rao", billing: { state_code: "29" } },
  });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { order_id: number; token: string };
  await page.goto(`/checkout/test-pay?order=${order.order_id}&token=${encodeURIComponent(order.token)}`);
  await page.getByRole("button", { name: `Pay ${PRICE.shown}` }).click();
  await expect(page.getByTestId("licence-key")).toHaveText(/^ONI-/);
  const receipt = page.getByRole("region", { name: "Downloads" });
  await expect(receipt.getByRole("listitem")).toHaveCount(BUILDS.length);
  expect(await listed(receipt)).toEqual(onPage);
  // dirx has builds, so the site configuration's links (a macOS build among them) are not offered.
  await expect(page.getByRole("link", { name: /^Download for / })).toHaveCount(0);
  await checkScreen(page, "dirx-receipt-builds", testInfo.project.name);

  await signIn(page, email);
  const account = page.getByRole("region", { name: "Downloads" });
  await expect(account.getByRole("listitem")).toHaveCount(BUILDS.length);
  expect(await listed(account)).toEqual(onPage);
  await checkScreen(page, "dirx-account-builds", testInfo.project.name);
});
