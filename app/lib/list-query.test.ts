import { z } from "zod";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../../contract/field-errors";
import { parseListQuery } from "./list-query";

const Schema = z.object({
  q: z.string().min(3, "Too short.").regex(/^\d+$/, "Digits only.").optional(),
  page: z.coerce.number().optional(),
});

describe("parseListQuery", () => {
  it("reads the named parameters, empty ones dropped", () => {
    expect(parseListQuery("http://x/list?q=123&other=1&page=2", Schema, ["q"])).toEqual({ query: { q: "123", page: 2 }, errors: {} });
    expect(parseListQuery("http://x/list?q=", Schema, ["q"])).toEqual({ query: {}, errors: {} });
  });

  it("answers a bad parameter with the message the API's 400 gives: the first one", () => {
    const parsed = parseListQuery("http://x/list?q=a", Schema, ["q"]);
    expect(parsed).toEqual({ query: null, errors: { q: "Too short." } });
    expect(parsed.errors).toEqual(fieldErrorsOf(Schema.safeParse({ q: "a" }).error!.issues));
  });
});
