import { checkScreen, expect, test } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { mailsTo } from "./mail-box";

// The admin reviews a participant's submission on the quest's page (seeded by
// tests/e2e/seed-quest-submissions.ts, one per project), accepts it with a note and pays its licence
// prize; the participant's mailed key validates.

test("an admin triages, accepts with a note and pays a licence prize; the winner's key is valid", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const email = `e2e-winner-${project}@example.com`;
  const list = await (await page.request.get("/api/devquests")).json();
  const quest = list.quests.find((q: { title: string }) => q.title === `E2E review quest ${project}`);
  expect(quest).toBeTruthy();

  await gotoHydrated(page, `/dashboard/quests/${quest.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Submissions" })).toBeVisible();
  const item = page.getByRole("listitem", { name: new RegExp(`by Hunter ${project}`) });
  // The participant's HTML is shown as characters, never run or rendered.
  await expect(item.getByTestId("submission-body")).toContainText("<script>window.__pwned = 1</script>");
  await expect(item.getByTestId("submission-body")).toContainText('<img src=x onerror="window.__pwned = 2">');
  await expect(item.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(item.getByTestId("submission-state")).toHaveText("Submitted");

  await item.getByLabel("New state").selectOption("triaged");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByRole("status")).toContainText("is now triaged");
  await expect(item.getByTestId("submission-state")).toHaveText("Triaged");

  await item.getByLabel("New state").selectOption("accepted");
  await item.getByLabel("Note to the participant (mailed)").fill("Well found, thank you.");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByRole("status")).toContainText("is now accepted");
  await expect(item).toContainText("Note to the participant: Well found, thank you.");

  await item.getByLabel("New state").selectOption("paid");
  await item.getByRole("button", { name: "Move submission" }).click();
  await expect(item.getByRole("status")).toContainText("is now paid");
  await expect(item).toContainText(/Prize: Licence, order \d+/);
  await checkScreen(page, "quest-review", project);

  // The participant was told at each step, and the prize's receipt carries a key that validates.
  await expect.poll(() => mailsTo(email).filter((m) => m.subject.includes("E2E review quest")).length, { timeout: 15_000 }).toBe(3);
  expect(mailsTo(email).some((m) => m.text.includes("Well found, thank you."))).toBe(true);
  let key = "";
  await expect
    .poll(
      () => {
        key = mailsTo(email)
          .map((m) => /ONI(?:-[0-9A-Z]{5}){6}/.exec(m.text)?.[0])
          .find(Boolean) as string;
        return Boolean(key);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const validated = await (await page.request.post("/api/licenses/validate", { data: { key } })).json();
  expect(validated.valid).toBe(true);
});
