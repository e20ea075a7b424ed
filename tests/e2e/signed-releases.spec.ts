import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { adminHeaders, checkScreen, createVersion, expect, test } from "./admin-fixtures";
import { signIn } from "./account-fixtures";
import { buyer, fillCheckout, openHydrated } from "./store-fixtures";

test.describe.configure({ timeout: 120_000 });

const run = promisify(execFile);

/** Debian's minisign on a file and its signature: whether it accepts them with these key arguments. */
async function minisignAccepts(file: string, sig: string, keyArgs: string[]): Promise<boolean> {
  try {
    await run("/usr/bin/minisign", ["-V", "-m", file, "-x", sig, ...keyArgs]);
    return true;
  } catch {
    return false;
  }
}

test("the admin uploads a build, it is signed; a buyer downloads it and its .minisig from the account, and minisign verifies them", async ({
  page,
}, testInfo) => {
  const v = await createVersion(page);
  const listed = await page.request.get(`/api/admin/product-versions?product_id=${v.product_id}`);
  const id = ((await listed.json()) as { items: { id: number }[] }).items[0].id;
  expect(
    (await page.request.patch(`/api/admin/product-versions/${id}`, { headers: adminHeaders, data: { for_sale: true } })).status(),
  ).toBe(200);

  const build = randomBytes(200_000);
  const filename = `${v.product_id}-linux.tar.gz`;
  await openHydrated(page, `/dashboard/versions/${id}`);
  const builds = page.getByRole("region", { name: "Builds" });
  await builds.getByLabel("Build file").setInputFiles({ name: filename, mimeType: "application/gzip", buffer: build });
  await builds.getByLabel("Platform").first().selectOption("linux");
  await builds.getByLabel("Architecture").first().selectOption("x86_64");
  await builds.getByRole("button", { name: "Upload build" }).click();
  await expect(builds.getByRole("status").first()).toContainText(`Uploaded ${filename}`);
  await expect(builds.getByRole("listitem").filter({ hasText: filename }).getByText("Signed (minisign)")).toBeVisible();
  await checkScreen(page, "admin-builds-signed", testInfo.project.name);

  const buyerContext = await page.context().browser()!.newContext();
  const buyerPage = await buyerContext.newPage();
  await openHydrated(buyerPage, `/checkout/${v.product_id}`);
  const who = buyer("signed");
  await fillCheckout(buyerPage, who);
  await buyerPage.getByRole("button", { name: "Continue to payment" }).click();
  await buyerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\/receipt\/\d+\?token=/);

  await signIn(buyerPage, who.email);
  const fromAccount = buyerPage.getByRole("region", { name: "Downloads" });
  await checkScreen(buyerPage, "account-signed-downloads", testInfo.project.name);
  const [file] = await Promise.all([
    buyerPage.waitForEvent("download"),
    fromAccount.getByRole("button", { name: `Download ${filename}` }).click(),
  ]);
  const [signature] = await Promise.all([
    buyerPage.waitForEvent("download"),
    fromAccount.getByRole("link", { name: `Signature of ${filename}` }).click(),
  ]);
  expect(signature.suggestedFilename()).toBe(`${filename}.minisig`);

  const dir = await mkdtemp(join(tmpdir(), "e2e-minisign-"));
  const buildPath = join(dir, filename);
  const sigPath = join(dir, `${filename}.minisig`);
  await file.saveAs(buildPath);
  await signature.saveAs(sigPath);
  expect((await readFile(sigPath, "utf8")).split("\n")[2]).toMatch(
    new RegExp(`^trusted comment: timestamp:\\d+\\tfile:${filename}\\tproduct:${v.product_id}\\tversion:1\\.0$`),
  );

  // The release notes page shows the one-line check with the key inline: run exactly that.
  await buyerPage.goto(`/releases/${v.product_id}`);
  await expect(buyerPage.getByRole("link", { name: `Signature of ${filename}` })).toBeVisible();
  const command = ((await buyerPage.getByTestId("minisign-check").textContent()) ?? "").trim();
  expect(command).toMatch(/^minisign -Vm FILE -P RW[QRST][A-Za-z0-9+/]{53}$/);
  const key = command.split(" ").pop();
  await checkScreen(buyerPage, "release-notes-signatures", testInfo.project.name);
  expect(await minisignAccepts(buildPath, sigPath, ["-P", key!])).toBe(true);
  const pub = join(dir, "minisign.pub");
  await writeFile(pub, await (await buyerPage.request.get("/releases/minisign.pub")).text());
  expect(await minisignAccepts(buildPath, sigPath, ["-p", pub])).toBe(true);

  const changed = Buffer.from(build);
  changed[100_000] ^= 1;
  await writeFile(buildPath, changed);
  expect(await minisignAccepts(buildPath, sigPath, ["-P", key!])).toBe(false);
  await buyerContext.close();
});
