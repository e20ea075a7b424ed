import { describe, expect, it } from "vitest";
import { OrderListQuerySchema } from "./admin-orders";
import { AuditQuerySchema } from "./identity";

// Every day filter of the API shares one rule; without it, year 0 answers 500 on the orders list.
describe("calendarDay", () => {
  const schemas = { orders: OrderListQuerySchema, audit: AuditQuerySchema };
  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: takes real days from 1970 to 2999 and refuses the rest with a message`, () => {
      for (const day of ["1970-01-01", "2024-02-29", "2999-12-31"])
        expect(schema.safeParse({ from: day, to: day }).success, day).toBe(true);
      for (const day of ["0000-01-01", "1969-12-31", "3000-01-01", "9999-12-31", "2026-02-30", "2026-13-01", "yesterday"]) {
        const parsed = schema.safeParse({ from: day });
        expect(parsed.success, day).toBe(false);
        expect(parsed.error?.issues[0]?.message, day).toMatch(/^Use /);
      }
    });
  }
});
