import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { currentApiReference, describeSchema } from "./api-reference";

describe("docs/api.md", () => {
  // No database here, so the postgres project does not run it twice.
  it.skipIf(process.env.TEST_DB === "postgres")("matches the declared operations (run npm run docs:api when it does not)", async () => {
    const committed = await readFile(new URL("../../docs/api.md", import.meta.url), "utf8");
    expect(committed).toBe(await currentApiReference());
  });

  it("describes a field by its type and limits", () => {
    expect(describeSchema({ type: "string", minLength: 1, maxLength: 200 })).toBe("string (length 1..200)");
    expect(describeSchema({ type: "array", items: { enum: ["a", "b"] }, maxItems: 100 })).toBe('array of (`"a"`, `"b"`) (0..100 items)');
    expect(describeSchema({ anyOf: [{ type: "number" }, { type: "null" }] })).toBe("number or null");
  });
});
