import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDay, formatMonth, indiaDate, indiaDayAfter, indiaDayStart } from "./time";

describe("one way to write time, in India time", () => {
  it("formatDate: the India day, even when UTC is still on the day before", () => {
    expect(formatDate("2026-11-27T20:00:00Z")).toBe("28 Nov 2026");
    expect(formatDate(new Date("2026-11-28T18:29:59Z"))).toBe("28 Nov 2026");
    expect(formatDate(Date.parse("2026-11-28T18:30:00Z"))).toBe("29 Nov 2026");
    expect(formatDate("2026-09-05T00:00:00Z")).toBe("5 Sep 2026");
  });

  it("formatDateTime: day, 24-hour time and IST", () => {
    expect(formatDateTime("2026-11-28T11:04:00Z")).toBe("28 Nov 2026, 16:34 IST");
    expect(formatDateTime("2026-11-27T20:00:00Z")).toBe("28 Nov 2026, 01:30 IST");
    expect(formatDateTime("2026-12-31T18:30:00Z")).toBe("1 Jan 2027, 00:00 IST");
  });

  it("indiaDate: the India calendar day as YYYY-MM-DD", () => {
    expect(indiaDate("2026-11-27T20:00:00Z")).toBe("2026-11-28");
    expect(indiaDate("2026-11-27T18:29:59.999Z")).toBe("2026-11-27");
  });

  it("formatDay and formatMonth: calendar values without a zone shift", () => {
    expect(formatDay("2026-11-28")).toBe("28 Nov 2026");
    expect(formatDay("2026-01-02")).toBe("2 Jan 2026");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it("an India day runs from 18:30 UTC the day before to 18:30 UTC", () => {
    expect(indiaDayStart("2026-11-28").toISOString()).toBe("2026-11-27T18:30:00.000Z");
    expect(indiaDayAfter("2026-11-28").toISOString()).toBe("2026-11-28T18:30:00.000Z");
  });
});
