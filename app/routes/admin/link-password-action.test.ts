import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { action as inviteAction } from "./invite";
import { action as resetAction } from "./reset-password";

// The service's refusal as describeError reads it: by its kind (app/ reaches server code only from .server modules).
class InvalidInputError extends Error {
  readonly kind = "invalid_input";
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
  }
}

const USED = "This link is not valid any more.";

/** A signed-out visitor of this site (no session: these pages need none), with the two services faked. */
function contextWith() {
  const calls: unknown[][] = [];
  const passwordReset = {
    reset: async (token: string, ...rest: unknown[]) => {
      if (token === "used-token-0000") throw new InvalidInputError(USED, { token: USED });
      calls.push(["reset", token, ...rest]);
    },
  };
  const adminDirectory = {
    acceptInvitation: async (...args: unknown[]) => {
      calls.push(["accept", ...args]);
      return { email: "new@example.com" };
    },
  };
  const site = { https: false, config: { PUBLIC_ORIGIN: undefined } };
  const context = { ...site, clientIp: "203.0.113.9", services: { passwordReset, adminDirectory } } as unknown as AppLoadContext;
  return { context, calls };
}

const post = (path: string, fields: Record<string, string>, origin = "http://shop.test") =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin, host: "shop.test", "user-agent": "test browser" },
  });
type Run = (args: { request: Request; context: AppLoadContext; params: object }) => unknown;
const run = (action: unknown, request: Request, context: AppLoadContext) => (action as Run)({ request, context, params: {} });
const bodyOf = (result: unknown) =>
  result && typeof result === "object" && "data" in result ? (result as { data: unknown }).data : result;
const statusOf = (result: unknown) => (result as { init?: { status?: number } }).init?.status;
const good = { token: "link-token-0001", password: "a long new password", confirm_password: "a long new password" };

describe("the mailed links' password actions", () => {
  it("set the password through the API's services with the token from the form", async () => {
    const { context, calls } = contextWith();
    expect(await run(resetAction, post("/admin/reset-password", good), context)).toEqual({
      ok: true,
      message: "Your password was changed and every session signed out. Log in with the new password.",
      value: undefined,
    });
    expect(await run(inviteAction, post("/admin/invite", good), context)).toMatchObject({
      ok: true,
      message: "Welcome. Log in as new@example.com.",
    });
    const meta = { clientIp: "203.0.113.9", userAgent: "test browser" };
    expect(calls).toEqual([
      ["reset", good.token, good.password, meta],
      ["accept", good.token, good.password, meta],
    ]);
  });

  it("refuse by their fields: two passwords that differ, a used link, a missing token", async () => {
    const { context, calls } = contextWith();
    const differ = await run(resetAction, post("/admin/reset-password", { ...good, confirm_password: "something else entirely" }), context);
    expect(statusOf(differ)).toBe(400);
    expect(bodyOf(differ)).toMatchObject({ ok: false, errors: { confirm_password: "The two passwords differ." } });
    const used = await run(resetAction, post("/admin/reset-password", { ...good, token: "used-token-0000" }), context);
    expect(bodyOf(used)).toMatchObject({ ok: false, message: USED, errors: { token: USED } });
    const missing = await run(inviteAction, post("/admin/invite", { ...good, token: "" }), context);
    expect(statusOf(missing)).toBe(400);
    expect(Object.keys((bodyOf(missing) as { errors: object }).errors)).toEqual(["token"]);
    expect(calls).toEqual([]);
  });

  it("refuse a post from another site", async () => {
    const { context, calls } = contextWith();
    await expect(run(inviteAction, post("/admin/invite", good, "https://evil.test"), context)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(calls).toEqual([]);
  });
});
