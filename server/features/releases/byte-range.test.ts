import { describe, expect, it } from "vitest";
import { safeFilename } from "./artifact-files";
import { parseRange } from "./byte-range";

describe("parseRange", () => {
  it("reads one range, open-ended and suffix forms, clamped to the file", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
  });

  it("ignores what it does not serve (whole file) and refuses a start past the end (416)", () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange("bytes=-", 1000)).toBeNull();
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

describe("safeFilename", () => {
  it("keeps the last path segment with safe characters only", () => {
    expect(safeFilename("../../etc/passwd")).toBe("passwd");
    expect(safeFilename("C:\\Users\\x\\dirx setup.exe")).toBe("dirx_setup.exe");
    expect(safeFilename('a"b;c.tgz')).toBe("a_b_c.tgz");
    expect(safeFilename(".hidden")).toBe("hidden");
    expect(safeFilename("..")).toBe("download.bin");
    expect(safeFilename("")).toBe("download.bin");
  });
});
