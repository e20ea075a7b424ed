import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { authTokens } from "../../platform/db/schema";
import { runRetention } from "../../platform/db/retention";
import { LOGIN_POSTS_PER_MINUTE } from "./auth";
import { newToken, storeToken } from "./one-time-tokens";
import { hashToken } from "./token-hash";

// Anyone may ask for passkey sign-in options, and each answer stores a challenge: the per-address
// login limit applies, and the retention job deletes expired one-time tokens.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const options = (ip: string) => t.request("/api/admin/login/passkey/options", { method: "POST", json: {}, ip });
const tokenCount = async () => Number((await t.database.db.select({ n: count() }).from(authTokens))[0].n);

it("throttles passkey options per client address like the other login posts, storing nothing more", async () => {
  const before = await tokenCount();
  for (let i = 0; i < LOGIN_POSTS_PER_MINUTE; i++) expect((await options("10.32.0.1")).status).toBe(200);
  const refused = await options("10.32.0.1");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await refused.json()).toMatchObject({ status: "error", message: expect.any(String) });
  expect(await tokenCount()).toBe(before + LOGIN_POSTS_PER_MINUTE);
  expect((await options("10.32.0.2")).status).toBe(200); // another address is not affected
});

it("the retention job deletes expired one-time tokens and keeps live ones", async () => {
  const at = new Date();
  const live = newToken();
  await storeToken(t.database.db, {
    token: newToken(),
    purpose: "passkey-login",
    at: new Date(at.getTime() - 10 * 60_000),
    ttlMs: 5 * 60_000,
  });
  await storeToken(t.database.db, { token: newToken(), purpose: "mfa", at: new Date(at.getTime() - 2 * 86_400_000), ttlMs: 60_000 });
  await storeToken(t.database.db, { token: live, purpose: "passkey-login", at, ttlMs: 5 * 60_000 });
  const deleted = await runRetention(t.database.db, { auditRetentionDays: 365, now: () => at });
  expect(deleted.authTokens).toBeGreaterThanOrEqual(2);
  expect(
    await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(live))),
  ).toHaveLength(1);
  const expired = (await t.database.db.select().from(authTokens)).filter((r) => r.expiresAt < at);
  expect(expired).toEqual([]);
});
