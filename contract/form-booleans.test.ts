import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formBooleans } from "./form-booleans";

const Schema = z
  .object({
    name: z.string(),
    draft: z.boolean().optional(),
    for_sale: z.boolean(),
    notify: z.boolean().default(true),
    rows: z.array(z.object({ on: z.boolean() })).optional(),
  })
  .refine(() => true);

describe("formBooleans", () => {
  it("reads a form's on / true as true and off / false / blank / absent as false, for every boolean field", () => {
    for (const word of ["on", "true", "TRUE", " on "])
      expect(Schema.parse(formBooleans(Schema, { name: "x", draft: word, for_sale: word }))).toMatchObject({ draft: true, for_sale: true });
    for (const word of ["off", "false", ""])
      expect(Schema.parse(formBooleans(Schema, { name: "x", draft: word, for_sale: word }))).toMatchObject({
        draft: false,
        for_sale: false,
      });
    // An unticked box posts nothing: a required (or defaulted) boolean is false, an optional one stays out.
    const absent = Schema.parse(formBooleans(Schema, { name: "x" }));
    expect(absent).toEqual({ name: "x", for_sale: false, notify: false });
    expect(formBooleans(Schema, { name: "x", rows: [{ on: "on" }, { on: "" }] })).toMatchObject({ rows: [{ on: true }, { on: false }] });
  });

  it("leaves text fields, real booleans and unknown words alone, so the schema refuses a bad word on its field", () => {
    expect(formBooleans(Schema, { name: "on", for_sale: true, draft: false })).toEqual({
      name: "on",
      for_sale: true,
      draft: false,
      notify: false,
    });
    const refused = Schema.safeParse(formBooleans(Schema, { name: "x", for_sale: "yes" }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].path).toEqual(["for_sale"]);
  });

  it("reads through a transformed object schema and leaves anything but an object untouched", () => {
    const Piped = z.object({ draft: z.boolean().optional() }).transform((v) => v);
    expect(formBooleans(Piped, { draft: "on" })).toEqual({ draft: true });
    expect(formBooleans(z.string(), "on")).toBe("on");
    expect(formBooleans(Schema, null)).toBe(null);
  });
});
