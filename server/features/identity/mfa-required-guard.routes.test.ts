import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { API_OPERATIONS } from "../../api/operations";

// ADMIN_MFA_REQUIRED=true: until the admin enrols a second factor, every admin operation but the
// ones declared `beforeEnrolment` answers 403 (server/api/require-admin.ts). The table is the
// operation registry itself, so a new admin call is covered without editing this file.
let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ config: { ADMIN_MFA_REQUIRED: true } });
  auth = { authorization: `Bearer ${(await t.loginAsAdmin()).token}` };
});
afterAll(() => t.close());

const adminOps = API_OPERATIONS.filter((op) => op.admin);
const guarded = adminOps.filter((op) => !op.beforeEnrolment);
const open = adminOps.filter((op) => op.beforeEnrolment && op.operationId !== "adminLogout");
const call = (op: (typeof adminOps)[number], headers: Record<string, string>) =>
  t.request(`/api${op.path.replace(/\{\w+\}/g, "999999")}`, {
    method: op.method.toUpperCase(),
    headers,
    ...(op.method === "get" ? {} : { json: {} }),
  });

it("covers the calls the review named, and leaves only enrolment, account, check and logout open", () => {
  const ids = guarded.map((op) => `${op.method} ${op.path}`);
  for (const named of ["get /oni/dashboard", "get /admin/admins", "post /admin/admins", "get /admin/orders", "get /admin/audit"])
    expect(ids).toContain(named);
  expect(
    adminOps
      .filter((op) => op.beforeEnrolment)
      .map((op) => op.operationId)
      .sort(),
  ).toEqual(
    [
      "adminLogout",
      "changeOwnPassword",
      "checkAdminSession",
      "enableTotp",
      "getOwnFactors",
      "listOwnSessions",
      "passkeyRegistrationOptions",
      "registerPasskey",
      "revokeOwnSession",
      "setUpTotp",
    ].sort(),
  );
});

describe("an admin without a second factor", () => {
  it.each(guarded.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))("%s answers 403: enrol first", async (_, op) => {
    const res = await call(op, auth);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { status: string; message: string };
    expect(body).toEqual({ status: "error", message: expect.stringMatching(/second factor.*Account screen/) });
  });

  it.each(open.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))("%s still answers", async (_, op) => {
    const res = await call(op, auth);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });
});

it("once TOTP is on, the guarded calls open; logout works before that", async () => {
  const setup = (await (await t.request("/api/admin/mfa/totp/setup", { method: "POST", headers: auth })).json()) as { secret: string };
  const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) });
  expect((await t.request("/api/check/auth/admin", { headers: auth })).status).toBe(200);
  expect((await t.request("/api/oni/dashboard", { headers: auth })).status).toBe(403);
  expect((await t.request("/api/admin/mfa/totp/enable", { method: "POST", headers: auth, json: { code } })).status).toBe(200);
  expect((await t.request("/api/oni/dashboard", { headers: auth })).status).toBe(200);
  expect((await t.request("/api/admin/audit", { headers: auth })).status).toBe(200);
  expect((await t.request("/api/admin/logout", { method: "POST", headers: auth })).status).toBe(200);
});
