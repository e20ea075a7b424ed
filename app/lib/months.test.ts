import { describe, expect, it } from "vitest";
import { indiaMonth, monthDays, shiftMonth } from "./months";

describe("months of the invoice register", () => {
  it("a month's first and last day, leap years included", () => {
    expect(monthDays("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthDays("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthDays("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
  it("the months either side cross years", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });
  it("the month is India's: 31 March 19:00 UTC is already April there", () => {
    expect(indiaMonth(new Date("2027-03-31T18:29:59Z"))).toBe("2027-03");
    expect(indiaMonth(new Date("2027-03-31T18:30:00Z"))).toBe("2027-04");
  });
});
