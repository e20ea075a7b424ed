import { checkScreen, createVersion, expect, test, unique } from "./admin-fixtures";
import { signIn } from "./account-fixtures";
import { gotoHydrated } from "./hydration";
import { mailsTo } from "./mail-box";
import { nuErrors } from "./nu-check";

// The whole path of a quest, each step through the screens a person uses: the admin posts a quest
// (Add Module, then its settings: a licence prize), a participant signs in with the mailed code and
// submits with a file, the admin triages, accepts and pays, and the participant's account shows the
// note and the licence, whose key validates.

test("a posted licence-prize quest is taken part in, judged and paid; the winner's key is VALID", async ({ page, browser }, testInfo) => {
  // Every step of two people through their screens, with the mails between them.
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const version = await createVersion(page);
  const title = unique("Whole path");

  // The admin posts the quest with the Add Module form, then makes its prize a licence.
  await gotoHydrated(page, "/dev-quest-add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Find the flaw in the demo.\\nSend the steps.");
  await page.getByLabel("Prize").fill("A licence");
  await page.getByRole("button", { name: "Add Module" }).click();
  await expect(page.getByText("Module added successfully!").first()).toBeVisible();
  const list = await (await page.request.get("/api/devquests")).json();
  const quest = list.quests.find((q: { title: string }) => q.title === title) as { id: number };
  expect(quest).toBeTruthy();
  await gotoHydrated(page, `/dashboard/quests/${quest.id}`);
  await page.getByLabel("Paid as").selectOption("licence");
  await page.getByLabel("Product ID (licence or coupon)").fill(version.product_id);
  await page.getByLabel("Version (licence)").fill(version.version);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("form", { name: "Quest settings" }).getByRole("status")).toHaveText("Quest settings saved.");

  // A participant with no orders signs in with the code from the mail and takes part with a file.
  const email = `${unique(`winner-${project}`).toLowerCase()}@example.com`;
  const name = unique("Hunter");
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const me = await context.newPage();
  await signIn(me, email);
  await gotoHydrated(me, `/quests/${quest.id}`);
  await expect(me.getByText(`A free licence of ${version.product_name} ${version.version}`).first()).toBeVisible();
  await me.getByLabel("The name we show for you").fill(name);
  const body = 'Steps: <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
  await me.getByLabel("Your submission").fill(body);
  await me.getByLabel(/^Links/).fill("https://example.com/steps");
  await me.getByLabel(/^One file/).setInputFiles({ name: "steps.txt", mimeType: "text/plain", buffer: Buffer.from("step one, step two") });
  await me.getByRole("button", { name: "Send my submission" }).click();
  await expect(me.getByText("Your submission is saved.")).toBeVisible();
  await expect(me.getByText(/Your submission: Submitted/)).toBeVisible();

  // The admin finds it on the quest's page, the participant's HTML shown as characters, and judges it.
  await gotoHydrated(page, `/dashboard/quests/${quest.id}`);
  const item = page.getByRole("listitem", { name: new RegExp(`by ${name}`) });
  await expect(item.getByTestId("submission-body")).toContainText("<script>window.__pwned = 1</script>");
  await expect(item.getByTestId("submission-body")).toContainText('<img src=x onerror="window.__pwned = 2">');
  await expect(item.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  const attachment = await page.request.get((await item.getByRole("link", { name: /steps\.txt/ }).getAttribute("href")) ?? "");
  expect(await attachment.text()).toBe("step one, step two");
  await expect(item.getByTestId("submission-state")).toHaveText("Submitted");

  await item.getByLabel("New state").selectOption("triaged");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByTestId("submission-state")).toHaveText("Triaged");
  await item.getByLabel("New state").selectOption("accepted");
  await item.getByLabel("Note to the participant (mailed)").fill("Well found, thank you.");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByTestId("submission-state")).toHaveText("Accepted");
  await expect(item).toContainText("Note to the participant: Well found, thank you.");
  await item.getByLabel("New state").selectOption("paid");
  await item.getByLabel("Note to the participant (mailed)").fill("Your licence is in your account.");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByRole("status")).toContainText("is now paid");
  await expect(item).toContainText(/Prize: Licence, order \d+/);
  await checkScreen(page, "quest-review", project);
  // Told at each step: triaged, accepted, paid.
  await expect.poll(() => mailsTo(email).filter((m) => m.subject.includes(title)).length, { timeout: 15_000 }).toBe(3);

  // The participant's account: the note, and the licence prize, whose key is revealed in its order.
  await gotoHydrated(me, "/account");
  const entry = me.getByRole("list", { name: "Your quest submissions" }).getByRole("listitem");
  await expect(entry.getByRole("link", { name: title })).toBeVisible();
  await expect(entry).toContainText("Accepted and paid");
  await expect(entry.getByTestId("quest-note")).toContainText("Your licence is in your account.");
  await expect(entry.getByTestId("quest-prize")).toContainText(`a free licence of ${version.product_name} ${version.version}`);
  await checkScreen(me, "account-quests-paid", project);
  expect(nuErrors(await (await me.request.get("/account")).text(), `account-${project}`)).toEqual([]);

  const toLicence = entry.getByRole("link", { name: /reveal it in order #\d+/ });
  const orderAnchor = ((await toLicence.getAttribute("href")) ?? "").replace("#", "");
  await toLicence.click();
  await expect(me).toHaveURL(new RegExp(`#${orderAnchor}$`));
  const order = me.locator(`[id="${orderAnchor}"]`);
  await expect(order).toBeInViewport();
  await order.getByRole("button", { name: "Reveal" }).click();
  const key = (await order.getByTestId("licence-key").textContent()) ?? "";
  expect(key).toMatch(/^ONI-/);
  const validated = await (await me.request.post("/api/licenses/validate", { data: { key } })).json();
  expect(validated).toMatchObject({ valid: true, code: "VALID" });
  await context.close();
});
