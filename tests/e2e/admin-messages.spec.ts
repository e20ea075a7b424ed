import type { APIRequestContext } from "@playwright/test";
import { checkScreen, expect, test, unique } from "./admin-fixtures";

/** Sends a home-page message, then a CAMPUS request (so the campus one is newer), as visitors do. */
async function sendPair(request: APIRequestContext, org: { orgType: string; orgName: string; otherType: string }) {
  const general = unique("Visitor");
  const campus = unique("Dean");
  const home = await request.post("/api/contact-general", {
    data: { name: general, email: "visitor@example.com", message: "Please call me back." },
  });
  expect(home.status()).toBe(201);
  const request2 = await request.post("/api/contact-general", {
    data: { name: campus, email: "dean@example.edu", message: "We want a demo.", ...org },
  });
  expect(request2.status()).toBe(201);
  return { general, campus };
}

test("the inbox lists new messages, newest first", async ({ page, request }, testInfo) => {
  const { general, campus } = await sendPair(request, { orgType: "university", orgName: "North University", otherType: "" });
  await page.goto("/dashboard/messages");
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}` });
  await expect(item(campus)).toBeVisible();
  await expect(item(general)).toBeVisible();
  // Newest first: the campus request was sent last.
  const names = await page
    .getByRole("listitem", { name: /Message from/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
  expect(names.indexOf(`Message from ${campus}`)).toBeLessThan(names.indexOf(`Message from ${general}`));
  await checkScreen(page, "messages", testInfo.project.name);
});

test("the inbox pages through more than one page of messages", async ({ page, request }) => {
  const name = unique("Bulk");
  for (let i = 0; i < 11; i++) {
    const sent = await request.post("/api/contact-general", {
      data: { name: `${name}-${i}`, email: "bulk@example.com", message: `Message ${i}` },
    });
    expect(sent.status()).toBe(201);
  }
  await page.goto("/dashboard/messages");
  // Newest first: the last one sent opens page 1, the first one sent is on page 2.
  await expect(page.getByRole("listitem", { name: `Message from ${name}-10`, exact: true })).toBeVisible();
  await expect(page.getByRole("listitem", { name: `Message from ${name}-0`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("listitem", { name: `Message from ${name}-0`, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
});

test("messages can be marked read and archived, and filtered", async ({ page, request }) => {
  const { general, campus } = await sendPair(request, { orgType: "others", orgName: "", otherType: "Academy" });
  await page.goto("/dashboard/messages");
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}` });
  await expect(item(campus)).toContainText("Academy");

  await item(general).getByRole("button", { name: "Mark read" }).click();
  await expect(item(general).getByText("read", { exact: true })).toBeVisible();

  await page.getByLabel("Source").selectOption("campus");
  await expect(page).toHaveURL(/source=campus/);
  await expect(item(campus)).toBeVisible();
  await expect(item(general)).toHaveCount(0);

  await page.getByLabel("Source").selectOption("");
  await expect(page).not.toHaveURL(/source=/);
  await page.getByLabel("Status").selectOption("read");
  await expect(item(general)).toBeVisible();
  await expect(item(campus)).toHaveCount(0);

  await item(general).getByRole("button", { name: "Archive" }).click();
  await expect(item(general)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("archived");
  await expect(item(general).getByText("archived", { exact: true })).toBeVisible();
});
