import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_OPERATIONS } from "../../server/api/operations";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Property-based fuzzing of the public and admin calls: never a 5xx, never a stack trace, always the JSON error shape.
let t: TestApp;
const figures: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { CONTACT_RATE_LIMIT: 100_000 } });
});
afterAll(async () => {
  console.log(["reliability figures:", ...figures].join("\n"));
  await t.close();
});

// From the declared operations (server/api/operations.ts): every call that takes a body.
const CALLS = API_OPERATIONS.filter((op) => op.method !== "get").map((op) => ({ method: op.method.toUpperCase(), path: `/api${op.path}` }));
const adminReads = API_OPERATIONS.filter((op) => op.admin && op.method === "get").map((op) => `/api${op.path}`);
const adminChanges = API_OPERATIONS.filter((op) => op.admin && op.method === "post").map((op) => `/api${op.path}`);
const body = fc.oneof(
  fc.json(),
  fc.string({ unit: "binary" }),
  fc.string({ minLength: 1000, maxLength: 200_000 }),
  fc.record({ email: fc.anything(), password: fc.anything(), name: fc.anything(), message: fc.anything() }).map((o) => JSON.stringify(o)),
);
const contentType = fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "");

async function checkAnswer(res: Response) {
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  if (res.status >= 400) expect(JSON.parse(text)).toMatchObject({ status: "error", message: expect.any(String) });
}

describe("fuzzing the API", () => {
  it("answers random bodies and content types without a 5xx or stack trace", async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLS), body, contentType, async (call, payload, type) => {
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        const res = await t.request(call.path, {
          method: call.method,
          headers,
          body: call.method === "GET" ? undefined : payload,
          ip: `10.9.${count % 250}.1`,
        });
        count++;
        await checkAnswer(res);
      }),
      { numRuns: 1500 },
    );
    figures.push(`fuzz requests (${CALLS.length} calls that take a body): ${count}, 5xx: 0`);
  });

  it("answers admin calls without a session with 401/403", async () => {
    for (const path of adminReads) {
      const res = await t.request(path);
      expect([401, 403]).toContain(res.status);
      await checkAnswer(res);
    }
  });

  it("refuses cookie-only admin changes without the X-Requested-With marker (403)", async () => {
    const admin = await t.loginAsAdmin();
    for (const path of adminChanges) {
      const res = await t.request(path, { method: "POST", headers: { cookie: admin.cookie }, json: {} });
      expect(res.status).toBe(403);
      await checkAnswer(res);
    }
    figures.push(`cookie-only admin changes without marker: 403 on all ${adminChanges.length}`);
  });
});
