import type { z } from "zod";

/**
 * A form has no booleans: a ticked checkbox posts "on" (or the value a script gave it, "true"), an
 * unticked one posts nothing. This reads those as the booleans the contract schema holds, so every
 * boolean field of every schema works from a form exactly as JSON's true and false do. Only fields the
 * schema types as boolean are touched; an unknown word stays a string and the schema refuses it on
 * its field. An absent required boolean is false (an unticked box); an absent optional one stays
 * absent, so a form that does not show the field changes nothing.
 */
export function formBooleans(schema: z.ZodType, values: unknown): unknown {
  const object = objectOf(schema);
  if (!object || !values || typeof values !== "object" || Array.isArray(values)) return values;
  const out: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const [name, field] of Object.entries(object)) {
    const { inner, optional } = unwrap(field);
    const value = out[name];
    if (defOf(inner).type === "boolean") {
      if (value === undefined) {
        if (!optional) out[name] = false;
      } else if (typeof value === "string") {
        const word = value.trim().toLowerCase();
        if (TRUE.has(word)) out[name] = true;
        else if (FALSE.has(word)) out[name] = false;
      }
    } else if (objectOf(inner)) {
      out[name] = formBooleans(inner, value);
    } else if (defOf(inner).type === "array" && Array.isArray(value)) {
      const element = defOf(inner).element as z.ZodType;
      out[name] = value.map((row) => formBooleans(element, row));
    }
  }
  return out;
}

const TRUE = new Set(["on", "true"]);
const FALSE = new Set(["off", "false", ""]);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType>; element?: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The type under optional / nullable / default wrappers, and whether the field may be left out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = defOf(inner);
    if (def.type === "optional") optional = true;
    if ((def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "prefault") && def.innerType) {
      inner = def.innerType;
    } else if (def.type === "pipe" && def.in) {
      inner = def.in;
    } else {
      return { inner, optional };
    }
  }
}

/** The fields of an object schema (also one refined or transformed), or null for any other schema. */
function objectOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const { inner } = unwrap(schema);
  const def = defOf(inner);
  return def.type === "object" && def.shape ? def.shape : null;
}
