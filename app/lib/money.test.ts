import { describe, expect, it } from "vitest";
import { formatInr } from "./money";

describe("formatInr", () => {
  it("writes rupees the Indian way with the rupee sign and two decimals", () => {
    expect(formatInr(1499)).toBe("₹1,499.00");
    expect(formatInr(123456.5)).toBe("₹1,23,456.50");
    expect(formatInr(14.99)).toBe("₹14.99");
    expect(formatInr(0.1 + 0.2)).toBe("₹0.30");
    expect(formatInr(0)).toBe("₹0.00");
    expect(formatInr(Number.NaN)).toBe("₹0.00");
  });
});
