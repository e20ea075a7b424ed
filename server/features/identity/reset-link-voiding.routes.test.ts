import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../../../tests/helpers/test-app";
import { newToken, storeToken } from "./one-time-tokens";

// A reset link mailed before a password change (or before another reset) must not work after it:
// otherwise whoever reads the old mail can undo the change.
let t: TestApp;
let me: Awaited<ReturnType<TestApp["loginAsAdmin"]>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.loginAsAdmin();
});
afterAll(() => t.close());

async function pendingResetLink(): Promise<string> {
  const [admin] = (await t.services.adminDirectory.list()).filter((a) => a.email === TEST_ADMIN.email);
  const token = newToken();
  await storeToken(t.database.db, { token, purpose: "reset", adminId: admin.id, at: new Date(), ttlMs: 30 * 60_000 });
  return token;
}
const reset = (token: string, password: string) =>
  t.request("/api/admin/password/reset", { method: "POST", json: { token, password }, ip: "10.31.0.1" });

it("a password change voids every pending reset link of the admin", async () => {
  const before = await pendingResetLink();
  const changed = await t.request("/api/admin/password", {
    method: "POST",
    headers: me.headers,
    json: { current_password: TEST_ADMIN.password, new_password: "a changed passphrase 42" },
  });
  expect(changed.status).toBe(200);
  const res = await reset(before, "the attacker's passphrase 7");
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ status: "error", errors: { token: expect.any(String) } });
});

it("a reset voids the admin's other pending links", async () => {
  const first = await pendingResetLink();
  const second = await pendingResetLink();
  expect((await reset(second, "a reset passphrase 1234")).status).toBe(200);
  expect((await reset(first, "the attacker's passphrase 7")).status).toBe(400);
});
