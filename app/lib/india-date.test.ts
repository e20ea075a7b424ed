import { describe, expect, it } from "vitest";
import { indiaDate } from "./india-date";

describe("indiaDate", () => {
  it("writes the India calendar day as 28 Nov 2026", () => {
    expect(indiaDate("2026-11-28T10:00:00.000Z")).toBe("28 Nov 2026");
    // 18:30 UTC is already the next day in India.
    expect(indiaDate("2026-11-28T18:30:00.000Z")).toBe("29 Nov 2026");
    expect(indiaDate("2026-01-04T00:00:00.000Z")).toBe("4 Jan 2026");
  });
});
