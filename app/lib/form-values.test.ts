import { describe, expect, it } from "vitest";
import { errorsByPostedRow, formValues } from "./form-values";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("formValues", () => {
  it("turns repeated choices into lists and dotted names into rows, dropping blank rows and _ fields", () => {
    const values = formValues(
      form([
        ["_intent", "add"],
        ["product_id", "dirx"],
        ["os", "linux"],
        ["features.1", "Reports"],
        ["features.0", "Fast"],
        ["features.2", "  "],
        ["external.0.name", "nmap"],
        ["external.0.link", "https://nmap.org"],
        ["external.1.name", ""],
        ["external.1.link", ""],
      ]),
      ["os", "tags"],
    );
    expect(values).toEqual({
      product_id: "dirx",
      os: ["linux"],
      tags: [],
      features: ["Fast", "Reports"],
      external: [{ name: "nmap", link: "https://nmap.org" }],
    });
  });

  it("names a row's errors by its place in the form, counting the blank rows formValues dropped", () => {
    const posted = form([
      ["ranges.0.introduced", ""],
      ["ranges.0.fixed", " "],
      ["ranges.1.introduced", "two"],
      ["ranges.2.introduced", "3.0"],
      ["features.0", "Fast"],
    ]);
    expect(
      errorsByPostedRow({ "ranges.0.introduced": "a", "ranges.1.fixed": "b", "features.0": "c", title: "d", "ranges.9.x": "e" }, posted),
    ).toEqual({
      "ranges.1.introduced": "a",
      "ranges.2.fixed": "b",
      "features.0": "c",
      title: "d",
      "ranges.9.x": "e",
    });
  });
});
