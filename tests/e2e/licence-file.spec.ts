import { readFileSync } from "node:fs";
import { verifyLicenceFile, type LicencePublicKey } from "../../contract/licence-file";
import { buy, signIn } from "./account-fixtures";
import { checkScreen, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { buyer } from "./store-fixtures";

// Offline licence files from the customer's account (both widths): one for a machine that holds a
// seat, and one for a machine that cannot reach us, activated by its fingerprint. Each file must
// pass the reference verifier (contract/licence-file.ts) with the published keys.
test.describe.configure({ timeout: 120_000 });

test("a customer makes a licence file for a machine, and activates another by its fingerprint", async ({ page }, testInfo) => {
  const { email } = buyer("licence-file");
  const key = await buy(page, email);
  await page.goto("/account");
  await signIn(page, email);
  expect((await page.request.post("/api/licenses/activate", { data: { key, fingerprint: "e2e-desk", name: "Desk" } })).status()).toBe(201);
  const keys = ((await (await page.request.get("/api/licenses/public-key")).json()) as { keys: LicencePublicKey[] }).keys;

  await gotoHydrated(page, "/account");
  await page.getByRole("button", { name: "Licence file for Desk" }).click();
  await expect(page.getByTestId("account-result")).toContainText("The licence file for e2e-desk");
  const shown = (await page.getByLabel("Licence file text").textContent()) as string;
  const seated = verifyLicenceFile(shown, { keys, fingerprint: "e2e-desk" });
  expect(seated.ok && seated.payload.key_hint).toBe(key.split("-").pop());

  await page.getByText("Activate a machine by its fingerprint").click();
  await page.getByLabel("Machine fingerprint").fill("e2e-air-gapped");
  await page.getByRole("button", { name: "Make the licence file" }).click();
  await expect(page.getByTestId("account-result")).toContainText("The licence file for e2e-air-gapped");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("licence-e2e-air-gapped.lic");
  const file = readFileSync((await download.path()) as string, "utf8");
  expect(verifyLicenceFile(file, { keys, fingerprint: "e2e-air-gapped" }).ok).toBe(true);
  expect(verifyLicenceFile(file, { keys, fingerprint: "e2e-desk" })).toEqual({ ok: false, reason: "wrong_fingerprint" });
  // The machine took a seat: the account lists it and validation says so.
  await expect(page.getByRole("list", { name: "Machines" }).getByText("Unnamed machine")).toBeVisible();
  const check = await page.request.post("/api/licenses/validate", { data: { key, fingerprint: "e2e-air-gapped" } });
  expect(((await check.json()) as { code: string }).code).toBe("VALID");
  await checkScreen(page, "account-licence-file", testInfo.project.name);
});

test("the admin's Security screen lists the licence key with its id, algorithm and date", async ({ page }, testInfo) => {
  const { key_id } = (await (await page.request.get("/api/licenses/public-key")).json()) as { key_id: string };
  await page.goto("/dashboard/security");
  const licence = page.getByRole("region", { name: "Licence key" });
  await expect(licence.getByTestId(`key-${key_id}`)).toContainText("Ed25519");
  await expect(licence.getByTestId(`key-${key_id}`)).toContainText(/Created\s*\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByRole("region", { name: "Release key" })).toBeVisible();
  await checkScreen(page, "security", testInfo.project.name);
});
