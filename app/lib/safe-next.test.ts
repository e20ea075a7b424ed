import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeNext } from "./safe-next";

describe("safeNext", () => {
  it.each([
    ["/dashboard/coupons?q=ONI&status=unused", "/dashboard/coupons?q=ONI&status=unused"],
    ["/dashboard/versions/12", "/dashboard/versions/12"],
    ["/dashboard", "/dashboard"],
    ["/dashboard/", "/dashboard/"],
    ["/dev-quest-add", "/dev-quest-add"],
    ["/dashboard/messages?status=new#top", "/dashboard/messages?status=new#top"],
    ["/dashboard/messages?q=a b", "/dashboard/messages?q=a%20b"],
  ])("keeps the admin screen %j", (raw, kept) => {
    expect(safeNext(raw)).toBe(kept);
  });

  it.each([
    null,
    "",
    "dashboard",
    "//evil.test/x",
    "/\\evil.test",
    "/\\/evil.test",
    "\\\\evil.test",
    "/.//evil.test",
    "/././/evil.test",
    "/dashboard/../..//evil.test",
    "/%2e%2e//evil.test",
    "/%2E%2E/%2E%2E//evil.test",
    "/dashboard/%2e%2e/%2e%2e//evil.test",
    "/dashboard/..%2f..%2f/evil.test",
    "/%2f%2fevil.test",
    "/%2F%2Fevil.test",
    "/dashboard/%2f%2fevil.test",
    "/%5c%5cevil.test",
    "/dashboard/%5cevil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/dash\nboard",
    "/dashboard\r\n//evil.test",
    "https://evil.test/dashboard",
    "http:/evil.test",
    "javascript:alert(1)",
    "/javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " /dashboard",
    "/\u3002evil.test",
    "/\uff0f\uff0fevil.test",
    "/dashboard/\uff0f\uff0fevil.test",
    "/dashboard/\u202egnp.live",
    "/dashboard%00/evil",
    "/dashboard/%E0%A4%A",
    "/dashboardevil",
    "/dashboard.evil.test",
    "/login",
    "/login?next=//evil.test",
    "/",
    "/products",
    `/dashboard/${"a".repeat(2000)}`,
  ])("sends %j to the overview", (raw) => {
    expect(safeNext(raw)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it("the guard's login path carries the page asked for, and only an acceptable one", () => {
    expect(loginPathFor("/dashboard/messages?status=new")).toBe("/login?next=%2Fdashboard%2Fmessages%3Fstatus%3Dnew");
    expect(loginPathFor(DEFAULT_AFTER_LOGIN)).toBe("/login");
    expect(loginPathFor("/dashboard/versions/%2f%2fevil.test")).toBe("/login");
  });
});
