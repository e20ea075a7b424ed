import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let clock = Date.parse("2026-01-01T09:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const check = (token: string) => t.request("/api/check/auth/admin", { headers: { authorization: token } });

it("expires a session after 30 idle minutes, sliding while it is used", async () => {
  const { token } = await t.loginAsAdmin();
  clock += 25 * 60_000;
  expect((await check(token)).status).toBe(200);
  clock += 25 * 60_000; // 50 minutes after login, 25 after last use
  expect((await check(token)).status).toBe(200);
  clock += 31 * 60_000;
  expect((await check(token)).status).toBe(401);
});

it("expires a session 12 hours after login even when it is used all along", async () => {
  const { token } = await t.loginAsAdmin();
  for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
    clock += 20 * 60_000;
    expect((await check(token)).status).toBe(200);
  }
  clock += 40 * 60_000;
  expect((await check(token)).status).toBe(401);
});

it("issues a new token at every login and a password reset revokes all sessions", async () => {
  const first = await t.loginAsAdmin();
  const second = await t.loginAsAdmin(); // loginAsAdmin resets the password first
  expect(second.token).not.toBe(first.token);
  expect((await check(first.token)).status).toBe(401);
  expect((await check(second.token)).status).toBe(200);
});
