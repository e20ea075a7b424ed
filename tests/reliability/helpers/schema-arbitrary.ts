import fc from "fast-check";

/**
 * fast-check generators walked from a JSON Schema (what z.toJSONSchema makes of a contract schema):
 * `validOf` gives values the schema should accept, `edgeOf` values at and just beyond its limits or
 * of the wrong kind, `bodyOf` whole request bodies: valid ones and valid ones with one mutation.
 * Only the keywords z.toJSONSchema emits for this project's contract are read.
 */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

/** Field name -> known-good values (an existing product id, say), mixed into valid values so calls get past 404s. */
export type Hints = Record<string, unknown[]>;

// Strings that have broken servers: NUL (PostgreSQL text refuses it), lone surrogates, markup, SQL, format specifiers.
const NASTY_STRINGS = [
  "",
  " ",
  "   \t\n",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "😀",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "%s%n%x",
  "\u202e",
  "null",
  "__proto__",
  "🏳️‍🌈".repeat(20),
];

const stringOfLength = (n: number) =>
  fc.oneof(
    fc.string({ minLength: n, maxLength: n }),
    fc.constant("x".repeat(n)),
    fc.constant(" ".repeat(n)),
    fc.constant("😀".repeat(Math.ceil(n / 2))),
  );

function validString(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 100;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, max));
  if (s.format === "email" || /email/i.test(name)) return fc.emailAddress().filter((v) => v.length <= max);
  if (s.format === "uri") return fc.webUrl().filter((v) => v.length <= max);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .string({ minLength: Math.max(min, 1), maxLength: Math.max(min, Math.min(max, 40)) })
        .filter((v) => v.trim().length >= min),
    },
    { weight: 1, arbitrary: fc.constant("y".repeat(Math.max(max, min, 1))) },
  );
}

function validNumber(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? -1e6;
  const max = s.maximum ?? 1e6;
  if (s.type === "integer") return fc.integer({ min, max });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100),
  );
}

export function validOf(s: JsonSchema, name = "", hints: Hints = {}): fc.Arbitrary<unknown> {
  const plain = validPlain(s, name, hints);
  const hint = hints[name];
  return hint?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hint) }, { weight: 1, arbitrary: plain }) : plain;
}

function validPlain(s: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((branch) => validOf(branch, name, hints)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case "string":
      return validString(s, name);
    case "integer":
    case "number":
      return validNumber(s);
    case "boolean":
      return fc.boolean();
    case "array": {
      const items = s.items ?? {};
      return fc.array(validOf(items, name, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 5, 5)),
      });
    }
    case "object":
      return validObject(s, hints);
    default:
      // z.unknown() (the honeypot): anything, mostly absent-ish values.
      return fc.oneof(fc.constantFrom(undefined, null, "", 0, false), fc.jsonValue());
  }
}

function validObject(s: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([key, sub]) => [key, validOf(sub, key, hints)]));
  return fc.record(model, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

const WRONG_KIND: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  "",
  "[]",
  "{}",
  [],
  {},
  [null],
  { $gt: "" },
  1e308,
  -1e308,
  "NaN",
  "Infinity",
  "1e400",
];

/** Values at and just beyond the schema's limits, plus values of the wrong kind. */
export function edgeOf(s: JsonSchema, name = "", hints: Hints = {}): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.constantFrom(...WRONG_KIND), fc.anything());
  return fc.oneof({ weight: 3, arbitrary: edgePlain(s, name, hints) }, { weight: 1, arbitrary: wrong });
}

function edgePlain(s: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((branch) => edgePlain(branch, name, hints)));
  if (s.enum) {
    const words = s.enum.filter((v): v is string => typeof v === "string");
    return fc.oneof(
      fc.constantFrom(...s.enum),
      fc.constantFrom(...words.flatMap((w) => [w.toUpperCase(), ` ${w}`, `${w}\u0000`, w.slice(1)])),
      fc.string(),
    );
  }
  switch (s.type) {
    case "string": {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 1000;
      const lengths = [...new Set([Math.max(min - 1, 0), min, max, max + 1, max * 2])];
      return fc.oneof(
        fc.constantFrom(...lengths).chain(stringOfLength),
        fc.constantFrom(...NASTY_STRINGS),
        validString(s, name).map((v) => v + "\u0000"),
      );
    }
    case "integer":
    case "number": {
      const min = s.minimum ?? -(2 ** 31);
      const max = s.maximum ?? 2 ** 31;
      const near = [min - 1, min, max, max + 1, min + 0.5, max - 0.001, -0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63)];
      return fc.oneof(
        fc.constantFrom(...near),
        fc.constantFrom(...near).map(String),
        fc.double(),
        fc.constantFrom(" 5 ", "0x10", "1_000", "12abc", ""),
      );
    }
    case "array": {
      const items = s.items ?? {};
      const max = s.maxItems ?? 20;
      const lengths = [...new Set([Math.max((s.minItems ?? 0) - 1, 0), max, max + 1])];
      return fc.oneof(
        fc.constantFrom(...lengths).chain((n) => fc.array(validOf(items, name, hints), { minLength: n, maxLength: n })),
        fc.array(edgeOf(items, name, hints), { minLength: 1, maxLength: 4 }),
        validOf(items, name, hints).map((v) => [v, v]), // a repeat, where the schema wants each once
        fc.array(validOf(items, name, hints), { maxLength: 3 }).map((v) => JSON.stringify(v)), // a JSON string instead of the array
      );
    }
    case "object":
      return bodyOf(s, hints);
    default:
      return fc.anything();
  }
}

/** A request body: valid, or valid with one mutation (a field at an edge, missing, extra, of the wrong kind; or not an object). */
export function bodyOf(s: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((branch) => bodyOf(branch, hints)));
  const valid = validObject(s, hints);
  const keys = Object.keys(s.properties ?? {});
  if (!keys.length) return fc.oneof(valid, fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 4 }));
  const props = s.properties ?? {};
  const required = s.required?.length ? s.required : keys;
  const withEdge = fc
    .tuple(valid, fc.constantFrom(...keys))
    .chain(([obj, key]) => edgeOf(props[key], key, hints).map((value) => ({ ...obj, [key]: value })));
  const missing = fc.tuple(valid, fc.constantFrom(...required)).map(([obj, key]) => {
    const copy = { ...obj };
    delete copy[key];
    return copy;
  });
  const extra = fc
    .tuple(valid, fc.constantFrom("__proto__", "constructor", "id", "admin", "status", "x".repeat(300)), fc.jsonValue())
    .map(([obj, key, value]) => ({ ...obj, [key]: value })); // a computed "__proto__" is an own key, so JSON carries it
  const notObject = fc.oneof(
    valid.map((obj) => [obj]),
    fc.constantFrom(null, "", 0, true, "{}"),
    valid.map((obj) => JSON.stringify(obj)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 5, arbitrary: withEdge },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: notObject },
  );
}
