import type { APIRequestContext } from "@playwright/test";
import { checkScreen, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { formatDateTime } from "../../contract/time";

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

test("search, bulk mark read and delete, one delete, and long messages folded", async ({ page, request }, testInfo) => {
  const tag = unique("Needle");
  const names = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
  for (const name of names) {
    const sent = await request.post("/api/contact-general", {
      data: { name, email: "needle@example.com", message: `About ${tag}. ${"Long text. ".repeat(40)}The end.` },
    });
    expect(sent.status()).toBe(201);
  }
  await gotoHydrated(page, "/dashboard/messages");
  await page.getByLabel("Search").fill(tag.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=needle/);
  await expect(page.getByText("3 messages", { exact: true })).toBeVisible();
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}`, exact: true });

  // A long message shows its start; the rest on request.
  await expect(item(names[0]).getByText("The end.")).toHaveCount(0);
  await item(names[0]).getByRole("button", { name: "Show the whole message" }).click();
  await expect(item(names[0]).getByText(/The end\.$/)).toBeVisible();
  await checkScreen(page, "messages-search", testInfo.project.name);

  await page.getByLabel(`Select the message from ${names[0]}`).check();
  await page.getByLabel(`Select the message from ${names[1]}`).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Mark selected read" }).click();
  await expect(page.getByText("2 messages marked read.")).toBeVisible();
  await expect(item(names[0]).getByText("read", { exact: true })).toBeVisible();
  await expect(item(names[1]).getByText("read", { exact: true })).toBeVisible();
  await expect(item(names[2]).getByText("new", { exact: true })).toBeVisible();
  await expect(page.getByText("0 selected")).toBeVisible();

  // Delete asks first in the accessible dialog (decision 035): Escape keeps the message, the named button deletes it.
  const remove = item(names[2]).getByRole("button", { name: "Delete" });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: `Delete the message from ${names[2]}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await checkScreen(page, "messages-delete-dialog", testInfo.project.name);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(item(names[2])).toHaveCount(1);
  await remove.click();
  await dialog.getByRole("button", { name: "Delete message" }).click();
  await expect(item(names[2])).toHaveCount(0);
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete 2 selected messages?" })
    .getByRole("button", { name: "Delete 2 selected messages" })
    .click();
  await expect(page.getByText("2 messages deleted.")).toBeVisible();
  await expect(page.getByText("No messages match.")).toBeVisible();
});

test.describe("in India time whatever the admin's own zone", () => {
  test.use({ timezoneId: "America/New_York" });
  test("a message's time reads the same in India time before and after the page is live", async ({ page, request }) => {
    const name = unique("Clock");
    expect((await request.post("/api/contact-general", { data: { name, email: "clock@example.com", message: "Tick" } })).status()).toBe(
      201,
    );
    const html = await (await page.request.get(`/dashboard/messages?q=${name}`)).text();
    const [, iso, served] = /<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/i.exec(html) ?? [];
    expect(served).toBe(formatDateTime(iso));
    expect(served).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST$/);
    await gotoHydrated(page, `/dashboard/messages?q=${name}`);
    const time = page.getByRole("listitem", { name: `Message from ${name}` }).locator("time");
    await expect(time).toHaveText(served);
  });
});

test("a slow answer to an earlier filter does not overwrite a newer filter's list", async ({ page, request }) => {
  const { general } = await sendPair(request, { orgType: "school", orgName: "Race School", otherType: "" });
  await gotoHydrated(page, "/dashboard/messages");
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}` });
  await item(general).getByRole("button", { name: "Mark read" }).click();
  await expect(item(general).getByText("read", { exact: true })).toBeVisible();

  // The answer for "Home page, any status" is held back 2.5 s; "Home page, new" answers at once.
  await page.route(/\/dashboard\/messages\.data\?/, async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get("source") === "general" && !url.searchParams.get("status")) {
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    await route.continue().catch(() => undefined); // the browser may have dropped it by now
  });
  await page.getByLabel("Source").selectOption("general");
  await page.getByLabel("Status").selectOption("new");
  await expect(page).toHaveURL(/source=general&status=new/);
  await page.waitForTimeout(3500);
  await expect(item(general)).toHaveCount(0);
  await expect(page.getByLabel("Status")).toHaveValue("new");
  await expect(page.getByLabel("Source")).toHaveValue("general");
});

test("the sidebar shows how many messages are unread; marking one read lowers it", async ({ page, request }, testInfo) => {
  const { general } = await sendPair(request, { orgType: "school", orgName: "Badge School", otherType: "" });
  // Other tests leave unread messages too: the expected number is the server's own count of new ones.
  const listed = await page.request.get("/api/admin/messages?status=new&pageSize=1");
  expect(listed.status()).toBe(200);
  const unread: number = (await listed.json()).total;
  expect(unread).toBeGreaterThanOrEqual(2);

  await page.goto("/dashboard/messages");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // On a phone the navigation sits behind the menu button.
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (await menu.isVisible()) await menu.click();
  const messagesLink = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Messages/ });
  await expect(messagesLink).toHaveAccessibleName(`Messages ${unread} unread`);
  await expect(messagesLink.getByTestId("unread-count")).toBeVisible();
  await checkScreen(page, "messages-unread-badge", testInfo.project.name);

  await page
    .getByRole("listitem", { name: `Message from ${general}` })
    .getByRole("button", { name: "Mark read" })
    .click();
  await expect(messagesLink).toHaveAccessibleName(`Messages ${unread - 1} unread`);
  // The count is the server's, not the page's: it holds on another screen.
  await gotoHydrated(page, "/dashboard/overview");
  if (await menu.isVisible()) await menu.click();
  await expect(messagesLink).toHaveAccessibleName(`Messages ${unread - 1} unread`);
});

test("bulk archive: the selected messages, and only they, are archived by one click", async ({ page, request }) => {
  const tag = unique("Shelf");
  const names = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
  for (const name of names) {
    const sent = await request.post("/api/contact-general", { data: { name, email: "shelf@example.com", message: `About ${tag}.` } });
    expect(sent.status()).toBe(201);
  }
  await page.goto(`/dashboard/messages?q=${tag}`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByText("3 messages", { exact: true })).toBeVisible();
  const item = (name: string) => page.getByRole("listitem", { name: `Message from ${name}`, exact: true });
  const archive = page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Archive selected" });
  await expect(archive).toBeDisabled();
  await page.getByLabel(`Select the message from ${names[0]}`).check();
  await page.getByLabel(`Select the message from ${names[2]}`).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await archive.click();
  await expect(page.getByText("2 messages marked archived.")).toBeVisible();
  await expect(item(names[0]).getByText("archived", { exact: true })).toBeVisible();
  await expect(item(names[2]).getByText("archived", { exact: true })).toBeVisible();
  await expect(item(names[1]).getByText("new", { exact: true })).toBeVisible();
  await expect(page.getByText("0 selected")).toBeVisible();

  // The server holds it: the Archived view lists exactly the two.
  await page.getByLabel("Status").selectOption("archived");
  await expect(page).toHaveURL(/status=archived/);
  await expect(page.getByText("2 messages", { exact: true })).toBeVisible();
  await expect(item(names[1])).toHaveCount(0);
});

test("an archived message is restored from the Archived view back to the inbox as read", async ({ page, request }) => {
  const name = unique("Undo");
  expect((await request.post("/api/contact-general", { data: { name, email: "undo@example.com", message: "Oops." } })).status()).toBe(201);
  await gotoHydrated(page, `/dashboard/messages?q=${name}`);
  const item = page.getByRole("listitem", { name: `Message from ${name}`, exact: true });
  await item.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Message marked archived.")).toBeVisible();
  await page.getByLabel("Status").selectOption("archived");
  await expect(page).toHaveURL(/status=archived/);
  await expect(item.getByRole("button", { name: "Archive" })).toHaveCount(0);
  await item.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Message marked read.")).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByLabel("Status").selectOption("read");
  await expect(item.getByText("read", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: "Archive" })).toBeVisible();
});
