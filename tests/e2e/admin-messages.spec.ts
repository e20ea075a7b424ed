import { checkScreen, expect, test, unique } from "./admin-fixtures";

test("the inbox lists new messages and marks them read and archived, with filters", async ({ page, request }, testInfo) => {
  const general = unique("Visitor");
  const campus = unique("Dean");
  expect((await request.post("/api/contact-general", { data: { name: general, email: "visitor@example.com", message: "Please call me back." } })).status()).toBe(201);
  const campusBody = { name: campus, email: "dean@example.edu", orgType: "university", orgName: "North University", otherType: "", message: "We want a demo." };
  expect((await request.post("/api/contact-general", { data: campusBody })).status()).toBe(201);

  await page.goto("/dashboard/messages");
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}` });
  await expect(item(campus)).toBeVisible();
  await expect(item(general)).toBeVisible();
  // Newest first: the campus request was sent last.
  const names = await page.getByRole("listitem", { name: /Message from/ }).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  expect(names.indexOf(`Message from ${campus}`)).toBeLessThan(names.indexOf(`Message from ${general}`));
  await checkScreen(page, "messages", testInfo.project.name);

  await item(general).getByRole("button", { name: "Mark read" }).click();
  await expect(item(general).getByText("read", { exact: true })).toBeVisible();

  await page.getByLabel("Source").selectOption("campus");
  await expect(page).toHaveURL(/source=campus/);
  await expect(item(campus)).toBeVisible();
  await expect(item(general)).toHaveCount(0);

  await page.getByLabel("Source").selectOption("");
  await page.getByLabel("Status").selectOption("read");
  await expect(item(general)).toBeVisible();
  await expect(item(campus)).toHaveCount(0);

  await item(general).getByRole("button", { name: "Archive" }).click();
  await expect(item(general)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("archived");
  await expect(item(general).getByText("archived", { exact: true })).toBeVisible();
});
