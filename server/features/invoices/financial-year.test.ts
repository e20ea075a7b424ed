import { describe, expect, it } from "vitest";
import { financialYear, indiaDate } from "./financial-year";
import { documentNumber } from "./numbering";

describe("financial year, India time", () => {
  it("turns at midnight of 1 April in India (18:30 UTC on 31 March)", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59.999Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:30:00.000Z"))).toBe("2027-28");
    expect(indiaDate(new Date("2027-03-31T18:30:00.000Z"))).toBe("2027-04-01");
    expect(financialYear(new Date("2026-01-15T00:00:00Z"))).toBe("2025-26");
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
  });

  it("numbers invoices and credit notes with the prefix, year and five digits", () => {
    expect(documentNumber("OL", "invoice", "2026-27", 1)).toBe("OL/2026-27/00001");
    expect(documentNumber("OL", "credit_note", "2026-27", 42)).toBe("OL/CN/2026-27/00042");
  });
});
