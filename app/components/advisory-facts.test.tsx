import { describe, expect, it } from "vitest";
import { rangeText } from "./advisory-facts";

describe("an advisory's affected range in words", () => {
  it("names the first affected version and the fix", () => {
    expect(rangeText({ introduced: "2.0", fixed: "2.1" })).toBe("2.0 before 2.1 (fixed in 2.1)");
    expect(rangeText({ introduced: "2.0", fixed: null })).toBe("2.0 and later (no fix yet)");
  });
  it("says every version for a range from the first one, never 'every version and later'", () => {
    expect(rangeText({ introduced: "0", fixed: "2.1" })).toBe("every version before 2.1 (fixed in 2.1)");
    expect(rangeText({ introduced: "0", fixed: null })).toBe("every version (no fix yet)");
  });
});
