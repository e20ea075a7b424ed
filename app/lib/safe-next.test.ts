import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeNext } from "./safe-next";

describe("safeNext", () => {
  it("keeps same-site relative paths with their query", () => {
    expect(safeNext("/dashboard/coupons?q=ONI&status=unused")).toBe("/dashboard/coupons?q=ONI&status=unused");
    expect(safeNext("/dashboard/versions/12")).toBe("/dashboard/versions/12");
  });

  it.each([
    null,
    "",
    "dashboard",
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/dash\nboard",
    "/login",
    "/login?next=/x",
    "/%2F%2Fevil.example",
  ])("sends %j to the overview", (raw) => {
    const next = safeNext(raw);
    expect(next.startsWith("/") && !next.startsWith("//")).toBe(true);
    if (raw !== "/%2F%2Fevil.example") expect(next).toBe(DEFAULT_AFTER_LOGIN);
  });

  it("the guard's login path carries the page asked for", () => {
    expect(loginPathFor("/dashboard/messages?status=new")).toBe("/login?next=%2Fdashboard%2Fmessages%3Fstatus%3Dnew");
    expect(loginPathFor(DEFAULT_AFTER_LOGIN)).toBe("/login");
  });
});
