import type { Browser, Page } from "@playwright/test";
import { baseURL, checkScreen, expect, test, unique } from "./admin-fixtures";
import { gotoHydrated } from "./hydration";
import { mailsTo } from "./mail-box";

// A researcher reports from /security, an admin answers, the researcher follows the mailed link.

/** The status link (path only) of the newest receipt mailed to `email`, polled from the mail catcher. */
async function mailedStatusLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mailsTo(email).find((m) => /received your security report/.test(m.subject));
        return (link = /https?:\/\/[^\s/]+(\/security\/reports\/[A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "");
      },
      { timeout: 15_000, message: `a status link mailed to ${email}` },
    )
    .not.toBe("");
  return link;
}

async function visitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

async function fillReport(page: Page, email: string, title: string) {
  await page.getByLabel("Your name (optional)").fill("Mira Researcher");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel(/^Details/).fill("1. Open /Blog?q=<svg onload=alert(1)>\n2. The script runs.");
  await page.getByLabel(/Credit me publicly/).check();
}

test("a report from /security is answered by the admin and followed on the mailed link", async ({ page, browser }, testInfo) => {
  // Two browsers, four axe runs and two mails: longer than one screen's test.
  test.slow();
  const email = `${unique("mira")}@example.com`.toLowerCase();
  const title = unique("Reflected XSS in blog search");
  const researcher = await visitor(browser);
  await gotoHydrated(researcher, "/security");
  await expect(researcher.getByRole("heading", { name: "Safe harbour" })).toBeVisible();
  await checkScreen(researcher, "security", testInfo.project.name);
  await fillReport(researcher, email, title);
  await researcher.getByRole("button", { name: "Send report" }).click();
  await expect(researcher.getByTestId("report-sent")).toContainText("mailed you a link");
  const link = await mailedStatusLink(email);

  await gotoHydrated(page, "/dashboard/security/reports");
  await checkScreen(page, "security-reports", testInfo.project.name);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("The script runs.")).toBeVisible();
  await page.getByLabel("Status").selectOption("triaged");
  await page.getByLabel(/^Public reply/).fill("Confirmed. A fix ships in 1.4.2 next week.");
  await page.getByLabel(/^Private note/).fill("CVSS 6.1, found in the search template.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: status triaged, public reply mailed, private note.");
  await expect(page.getByTestId("admin-report-status")).toHaveText("triaged");
  await checkScreen(page, "security-report", testInfo.project.name);

  await researcher.goto(link);
  await expect(researcher.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(researcher.getByTestId("report-status")).toContainText("Triaged");
  await expect(researcher.getByTestId("report-reply")).toHaveText(/Confirmed\. A fix ships in 1\.4\.2 next week\./);
  await expect(researcher.getByText("CVSS 6.1")).toHaveCount(0);
  await checkScreen(researcher, "security-report-status", testInfo.project.name);
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === `Re: ${title}`).length, { timeout: 15_000 }).toBe(1);
  await researcher.context().close();
});

test("the report form works without JavaScript, and names a refused field", async ({ browser }) => {
  const email = `${unique("nojs")}@example.com`.toLowerCase();
  const researcher = await visitor(browser, false);
  await researcher.goto("/security");
  await fillReport(researcher, email, "Title with\tcontrol");
  await researcher.getByRole("button", { name: "Send report" }).click();
  await expect(researcher.getByRole("alert")).toContainText("Title: Line breaks and control characters are not allowed.");
  await expect(researcher.getByLabel("E-mail address")).toHaveValue(email);
  await researcher.getByLabel("Title").fill("Open redirect on /login?next=");
  await researcher.getByRole("button", { name: "Send report" }).click();
  await expect(researcher.getByTestId("report-sent")).toBeVisible();
  await researcher.goto(await mailedStatusLink(email));
  await expect(researcher.getByTestId("report-status")).toContainText("Received");
  await researcher.context().close();
});

test("security.txt, the key and the thanks page are linked and served", async ({ browser }, testInfo) => {
  const researcher = await visitor(browser);
  await researcher.goto("/");
  await researcher.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Security", exact: true }).click();
  await expect(researcher).toHaveURL(/\/security$/);
  const txt = await researcher.request.get("/.well-known/security.txt");
  expect(txt.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await txt.text()).toMatch(/^-----BEGIN PGP SIGNED MESSAGE-----\n[\s\S]*\nPolicy: .*\/security\n/);
  const sitemap = await (await researcher.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/security</loc>");
  expect(sitemap).toContain("/security/thanks</loc>");
  await researcher.goto("/security/thanks");
  await expect(researcher.getByRole("heading", { level: 1, name: "Thank you" })).toBeVisible();
  await checkScreen(researcher, "security-thanks", testInfo.project.name);
  await researcher.context().close();
});
