import { describe, expect, it } from "vitest";
import { GstinSchema, gstinCheckChar } from "./gstin";

describe("GSTIN", () => {
  it("accepts published GSTINs, lower case too", () => {
    expect(GstinSchema.parse("27AAPFU0939F1ZV")).toBe("27AAPFU0939F1ZV");
    expect(GstinSchema.parse(" 29aagcb7383j1z4 ")).toBe("29AAGCB7383J1Z4");
  });

  it("computes the mod-36 check character", () => {
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckChar("29AAGCB7383J1Z")).toBe("4");
  });

  it("refuses a wrong check digit and a wrong shape with a clear message", () => {
    const bad = GstinSchema.safeParse("27AAPFU0939F1ZW");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toMatch(/check digit/);
    const short = GstinSchema.safeParse("27AAPFU0939F1Z");
    expect(short.error?.issues[0].message).toMatch(/15 characters/);
  });
});
