import { describe, expect, it } from "vitest";
import { describeErrorForLog } from "./log";

describe("describeErrorForLog", () => {
  it("keeps neither the SQL parameters nor the body of a failed Drizzle query", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "coupons_code_key"'), { code: "23505" });
    const err = new Error("Failed query: insert into contact_messages (name, message) values ($1, $2)\nparams: Ada,my secret message", {
      cause,
    });
    const described = describeErrorForLog(err);
    expect(JSON.stringify(described)).not.toContain("secret");
    expect(JSON.stringify(described)).not.toContain("Ada");
    expect(described).toEqual({ error: "database query failed", statement: "insert into contact_messages", sqlState: "23505" });
  });

  it("shortens other errors to 200 characters", () => {
    const described = describeErrorForLog(new TypeError("x".repeat(500)));
    expect(String(described.error)).toHaveLength(200);
    expect(described.errorName).toBe("TypeError");
  });
});
