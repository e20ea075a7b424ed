import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ApiErrorSchema } from "../../contract/common";
import { inputSchema } from "../../server/api/openapi";
import { API_OPERATIONS } from "../../server/api/operations";
import { addVersions } from "../helpers/product-fixtures";
import { createTestApp, TEST_ADMIN, type TestApp } from "../helpers/test-app";
import { pgUrl, sharedPostgres } from "./helpers/race-postgres";
import { bodyOf, edgeOf, type Hints, type JsonSchema, validOf } from "./helpers/schema-arbitrary";

// Fuzzing driven by the contract: request bodies and queries are generated from the same zod schemas
// that validate them (through z.toJSONSchema), valid ones and ones pushed past each limit, for every
// API call, with and without an admin session. Never a 5xx or a stack trace; every 4xx has the JSON
// error shape; every 2xx matches the call's answer schema; admin calls without a session get 401/403.
const RUNS = Number(process.env.FUZZ_RUNS ?? 80); // per call and session state
const PREFIX = "FZZ";

type Call = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  admin: boolean;
  ok: z.ZodType;
  body?: z.ZodType;
  /** Accepts form posts too; these fields are JSON strings inside the form. */
  formJsonFields?: readonly string[];
  query?: z.ZodType;
};

// The call list is the API's declared operations (server/api/operations.ts), as the router and /api/openapi.json.
const CALLS: Call[] = API_OPERATIONS.map((op) => ({
  method: op.method.toUpperCase() as Call["method"],
  path: `/api${op.path}`,
  admin: !!op.admin,
  ok: op.ok[1],
  body: op.body,
  formJsonFields: op.form?.jsonFields,
  query: op.query,
}));

const jsonSchemaOf = (schema: z.ZodType) => inputSchema(schema, PREFIX) as JsonSchema;

let t: TestApp;
let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
let hints: Hints;
const tallies = new Map<string, Map<string, number>>();
let ipCounter = 0;
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

async function setUp(db: "pglite" | "postgres") {
  const config = { CONTACT_RATE_LIMIT: 1_000_000, CHECKOUT_RATE_LIMIT: 1_000_000, LICENCE_RATE_LIMIT: 1_000_000, COUPON_PREFIX: PREFIX };
  shared = db === "postgres" ? await sharedPostgres(pgUrl as string) : undefined;
  t = await createTestApp({ config, database: shared?.open(10) });
  adminToken = undefined;
  const admin = await t.loginAsAdmin();
  await addVersions(t, admin.headers, "fuzz-prod", ["1.0", "2.0"]);
  // One version for sale, so checkout bodies built from the hints reach the order code.
  await t.database.db.execute(sql`update product_versions set for_sale = true where product_id = 'fuzz-prod' and version = '1.0'`);
  for (let i = 0; i < 3; i++) {
    await t.request("/api/contact-general", {
      method: "POST",
      json: { name: "Seed", email: "seed@example.com", message: `seed ${i}` },
      ip: nextIp(),
    });
  }
  // Known-good values mixed into generated fields, so valid-looking bodies get past "unknown product" 404s.
  hints = {
    product_id: ["fuzz-prod"],
    product: ["fuzz-prod", "fuzz-prod suite"],
    version: ["1.0", "2.0"],
    majorVersion: ["1.0", "2.0"],
    patchVersion: ["1.0.1", "1.1", "2.0.1"],
    patch_version: ["1.0.2", "1.1", "2.0.2"],
    email: [TEST_ADMIN.email],
    password: [TEST_ADMIN.password],
  };
}

async function tearDown(db: string) {
  const columns = ["2xx", "400", "401", "403", "404", "409", "413", "415", "429"];
  const rows = [...tallies].map(([call, counts]) => {
    const total = [...counts.values()].reduce((x, y) => x + y, 0);
    const other = total - columns.reduce((sum, c) => sum + (counts.get(c) ?? 0), 0);
    return `| ${call} | ${total} | ${columns.map((c) => counts.get(c) ?? 0).join(" | ")} | ${other} |`;
  });
  const total = [...tallies.values()].flatMap((m) => [...m.values()]).reduce((x, y) => x + y, 0);
  console.log(
    [
      `| call (session) on ${db} | requests | ${columns.join(" | ")} | other |`,
      `| --- | ---${" | ---".repeat(columns.length + 1)} |`,
      ...rows,
      `| total | ${total} |`,
    ].join("\n"),
  );
  tallies.clear();
  await t?.close();
  await shared?.drop();
}

type Session = "admin" | "anonymous";
type Generated = { session: Session; auth: string; pathId: string; query: [string, string][]; body: unknown; encoding: string };

const idArb = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.integer({ min: -2, max: 2_000_000 }).map(String),
  fc.constantFrom("0", "-1", "1.5", "1e3", "abc", "99999999999999999999", "2147483648", "%00", "%E0%A4%A", "..%2F..%2Fetc", "%20%31"),
);

function queryArb(call: Call): fc.Arbitrary<[string, string][]> {
  if (!call.query) return fc.constant([]);
  const props = jsonSchemaOf(call.query).properties ?? {};
  const value = (key: string) =>
    fc
      .oneof(validOf(props[key], key, hints), edgeOf(props[key], key, hints))
      .map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  const pairs = Object.keys(props).map((key) =>
    fc.array(value(key), { maxLength: 2 }).map((vs) => vs.map((v): [string, string] => [key, v])),
  );
  return fc.tuple(...pairs).map((lists) => lists.flat());
}

const requestArb = (call: Call, session: Session): fc.Arbitrary<Generated> =>
  fc.record({
    session: fc.constant(session),
    // Anonymous: nothing, a made-up token, a made-up cookie. Admin: the UI's cookie + marker, or the API client's header.
    auth:
      session === "admin"
        ? fc.constantFrom("bearer", "bare", "cookie")
        : fc.constantFrom("none", "garbage-bearer", "garbage-cookie", "long-bearer"),
    pathId: idArb,
    query: queryArb(call),
    body: call.body ? bodyOf(jsonSchemaOf(call.body), hints) : fc.option(fc.jsonValue(), { nil: undefined }),
    encoding: fc.constantFrom(
      ...(call.formJsonFields ? ["json", "json", "urlencoded", "multipart"] : ["json", "json", "json", "json", "text/plain", "none"]),
    ),
  });

function formFields(body: unknown, jsonFields: readonly string[]): [string, string][] {
  if (!body || typeof body !== "object" || Array.isArray(body)) return [["body", JSON.stringify(body) ?? "undefined"]];
  return Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === "string" && !jsonFields.includes(k) ? v : JSON.stringify(v)]);
}

function encode(call: Call, g: Generated): { body?: BodyInit; type?: string } {
  if (g.body === undefined && call.method === "GET") return {};
  if (g.encoding === "urlencoded")
    return {
      body: new URLSearchParams(formFields(g.body, call.formJsonFields ?? [])).toString(),
      type: "application/x-www-form-urlencoded",
    };
  if (g.encoding === "multipart") {
    const form = new FormData();
    for (const [k, v] of formFields(g.body, call.formJsonFields ?? [])) form.append(k, v);
    return { body: form }; // fetch sets the multipart boundary
  }
  const json = JSON.stringify(g.body) ?? "";
  if (call.method === "GET") return {};
  return { body: json, type: g.encoding === "json" ? "application/json" : g.encoding === "none" ? undefined : g.encoding };
}

/** A session token for this request: the fixture admin's, or a fresh one for logout (which revokes it). */
let adminToken: string | undefined;
async function tokenFor(call: Call): Promise<string> {
  // Revoking a session by a generated id may end the fixture's own: then it signs in again.
  if (adminToken && !(await t.services.auth.sessionAdmin(adminToken))) adminToken = undefined;
  if (call.path === "/api/admin/logout" || !adminToken) {
    const result = await t.services.auth.login(TEST_ADMIN.email, TEST_ADMIN.password, { clientIp: nextIp() });
    if (result.kind !== "session") throw new Error("the fuzz fixture admin has no second factor");
    const { token } = result;
    if (call.path === "/api/admin/logout") return token;
    adminToken = token;
  }
  return adminToken;
}

async function send(call: Call, g: Generated): Promise<Response> {
  const headers = new Headers({ "x-test-peer": nextIp() });
  if (g.session === "admin") {
    const token = await tokenFor(call);
    if (g.auth === "bearer") headers.set("authorization", `Bearer ${token}`);
    if (g.auth === "bare") headers.set("authorization", token);
    if (g.auth === "cookie") {
      headers.set("cookie", `session_id=${token}`);
      headers.set("x-requested-with", "XMLHttpRequest");
    }
  } else {
    if (g.auth === "garbage-bearer") headers.set("authorization", "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    if (g.auth === "long-bearer") headers.set("authorization", `Bearer ${"x".repeat(5000)}`);
    if (g.auth === "garbage-cookie") {
      headers.set("cookie", "session_id=%E0%A4%A; __Host-session_id=");
      headers.set("x-requested-with", "XMLHttpRequest");
    }
  }
  const { body, type } = encode(call, g);
  if (type) headers.set("content-type", type);
  const path = call.path.replace("{id}", g.pathId);
  const query = g.query.length ? `?${new URLSearchParams(g.query)}` : "";
  return t.app.request(`http://localhost${path}${query}`, { method: call.method, headers, body });
}

function wellFormed(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const STACK = /\bat .+\.(ts|js|mjs|cjs):\d+|node_modules|\n\s+at /;

async function check(call: Call, g: Generated, res: Response): Promise<void> {
  const text = await res.text();
  const what = `${call.method} ${call.path} (${g.session}/${g.auth}/${g.encoding}) -> ${res.status}: ${text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  expect(text, what).not.toMatch(STACK);
  // The update check's "nothing newer" is 204 with no body.
  if (res.status === 204) return expect(text, what).toBe("");
  // A CSV export's success is text/csv (its errors are still JSON).
  if (res.status < 300 && (res.headers.get("content-type") ?? "").startsWith("text/csv")) return;
  expect(res.headers.get("content-type") ?? "", what).toMatch(/^application\/json/);
  const json: unknown = JSON.parse(text);
  if (res.status >= 400) expect(ApiErrorSchema.strict().safeParse(json).success, what).toBe(true);
  else expect(call.ok.safeParse(json).success, what).toBe(true);
  // A path that is not well-formed percent-encoding is refused (400) before anything reads a session.
  const refusedPath = !wellFormed(call.path.replace("{id}", g.pathId));
  if (call.admin && g.session === "anonymous") expect(refusedPath ? [400] : [401, 403, 413], what).toContain(res.status);
  if (call.admin && g.session === "admin") expect([401, 403], what).not.toContain(res.status);
}

function tally(call: Call, session: Session, status: number): void {
  const key = `${call.method} ${call.path} (${session})`;
  const counts = tallies.get(key) ?? new Map<string, number>();
  const bucket = status < 300 ? "2xx" : String(status);
  counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  tallies.set(key, counts);
}

// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (required in CI), where the pg driver and pool answer errors.
describe.each(pgUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const))("contract-driven fuzzing on %s", (db) => {
  beforeAll(() => setUp(db));
  afterAll(() => tearDown(db));

  describe.each(["admin", "anonymous"] as const)("with session: %s", (session) => {
    it.each(CALLS.map((call) => ({ ...call, name: `${call.method} ${call.path}` })))("$name", async (call) => {
      await fc.assert(
        fc.asyncProperty(requestArb(call, session), async (g) => {
          const res = await send(call, g);
          tally(call, session, res.status);
          await check(call, g, res);
        }),
        { numRuns: RUNS },
      );
    });
  });
});
