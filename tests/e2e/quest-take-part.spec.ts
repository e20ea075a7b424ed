import { adminHeaders, checkScreen, expect, test, unique } from "./admin-fixtures";
import { mailedCode, signIn } from "./account-fixtures";
import { gotoHydrated } from "./hydration";

// A participant with no orders signs in with the mailed code, takes part in a quest with a file,
// and finds the submission in the account's Quests part.

test("a new participant signs in by code, submits with an attachment and sees it in the account", async ({ page, browser }, testInfo) => {
  const title = unique("Take part");
  const created = await page.request.post("/api/devquests", {
    data: { title, description: "Break the demo.", prize: "$12" },
    headers: adminHeaders,
  });
  expect(created.status()).toBe(201);
  const { quest } = await created.json();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const me = await context.newPage();
  await signIn(me, `${unique("player").toLowerCase()}@example.com`);
  await expect(me.getByRole("heading", { name: "Quests" })).toBeVisible();
  await expect(me.getByText("You have not taken part in a quest yet.")).toBeVisible();

  await gotoHydrated(me, `/quests/${quest.id}`);
  await me.getByLabel("The name we show for you").fill("Ada L.");
  await me.getByLabel("Your submission").fill("The demo trusts <b>any</b> header.");
  await me.getByLabel(/^Links/).fill("https://example.com/poc");
  await me.getByLabel(/^One file/).setInputFiles({ name: "poc.txt", mimeType: "text/plain", buffer: Buffer.from("proof of concept") });
  await me.getByLabel(/Credit me publicly/).check();
  await checkScreen(me, "quest-take-part", testInfo.project.name);
  await me.getByRole("button", { name: "Send my submission" }).click();
  await expect(me.getByText("Your submission is saved.")).toBeVisible();
  await expect(me.getByText(/Your submission: Submitted/)).toBeVisible();
  await expect(me.getByLabel("Your submission")).toHaveValue("The demo trusts <b>any</b> header.");

  await me.goto("/account");
  const entry = me.getByRole("list", { name: "Your quest submissions" }).getByRole("listitem");
  await expect(entry.getByRole("link", { name: title })).toBeVisible();
  await expect(entry).toContainText("Submitted: waiting for review");
  await expect(entry.getByRole("link", { name: "poc.txt" })).toBeVisible();
  await checkScreen(me, "account-quests", testInfo.project.name);
  const download = await me.request.get((await entry.getByRole("link", { name: "poc.txt" }).getAttribute("href")) ?? "");
  expect(download.headers()["content-disposition"]).toBe('attachment; filename="poc.txt"');
  expect(await download.text()).toBe("proof of concept");

  // A visitor's page keeps the sign-in link and has no form; signing in from it comes back to the quest.
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/quests/${quest.id}`);
  await expect(visitor.getByLabel("Your submission")).toHaveCount(0);
  await visitor.getByRole("link", { name: "Sign in to take part" }).click();
  const email = `${unique("visitor").toLowerCase()}@example.com`;
  await visitor.getByLabel("E-mail address").fill(email);
  await visitor.getByRole("button", { name: "Mail me a code" }).click();
  await visitor.getByLabel("The 6-digit code from the mail").fill(await mailedCode(email));
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/quests/${quest.id}$`));
  await expect(visitor.getByLabel("Your submission")).toBeVisible();
  await visitorContext.close();
  await context.close();
});

test("without JavaScript the submission form still carries its file, and a refusal shows beside its field", async ({
  page,
  browser,
}, testInfo) => {
  const title = unique("No script");
  const created = await page.request.post("/api/devquests", {
    data: { title, description: "Break the demo.", prize: "$12" },
    headers: adminHeaders,
  });
  const { quest } = await created.json();
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false });
  const me = await context.newPage();
  await signIn(me, `${unique("noscript").toLowerCase()}@example.com`);

  // A link that is not http(s): the page comes back with the message beside the field and the text kept.
  await me.goto(`/quests/${quest.id}`);
  await me.getByLabel("The name we show for you").fill("No Script");
  await me.getByLabel("Your submission").fill("Works without a script.");
  await me.getByLabel(/^Links/).fill("ftp://example.com/poc");
  await me
    .getByLabel(/^One file/)
    .setInputFiles({ name: "plain.txt", mimeType: "text/plain", buffer: Buffer.from("sent by a plain form") });
  const [refused] = await Promise.all([
    me.waitForResponse((r) => r.url().endsWith(`/quests/${quest.id}/submission`)),
    me.getByRole("button", { name: "Send my submission" }).click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(me.getByLabel(/^Links/)).toHaveAttribute("aria-invalid", "true");
  await expect(me.locator("#quest-links-error")).toContainText("http");
  await expect(me.getByLabel("Your submission")).toHaveValue("Works without a script.");
  await expect(me.getByLabel(/^Links/)).toHaveValue("ftp://example.com/poc");

  await me.getByLabel(/^Links/).fill("https://example.com/poc");
  await me
    .getByLabel(/^One file/)
    .setInputFiles({ name: "plain.txt", mimeType: "text/plain", buffer: Buffer.from("sent by a plain form") });
  await me.getByRole("button", { name: "Send my submission" }).click();
  await expect(me).toHaveURL(new RegExp(`/quests/${quest.id}\\?sent=1$`));
  await expect(me.getByText("Your submission is saved.")).toBeVisible();

  await me.goto("/account");
  const entry = me.getByRole("list", { name: "Your quest submissions" }).getByRole("listitem").filter({ hasText: title });
  const file = await me.request.get((await entry.getByRole("link", { name: "plain.txt" }).getAttribute("href")) ?? "");
  expect(await file.text()).toBe("sent by a plain form");
  await context.close();
});
