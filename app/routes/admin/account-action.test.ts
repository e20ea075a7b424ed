import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ADMIN } from "../../../tests/helpers/admin-action-harness";
import { action } from "./account";

const me = HARNESS_ADMIN;

function contextWith(refuse?: Error) {
  const calls: unknown[][] = [];
  const context = adminActionContext({
    account: {
      mustEnrol: async () => true,
      changePassword: async (...args: unknown[]) => {
        if (refuse) throw refuse;
        calls.push(["changePassword", ...args]);
        return { sessionsRevoked: 2 };
      },
      revokeSession: async (...args: unknown[]) => void calls.push(["revokeSession", ...args]),
    },
  });
  return { context, calls };
}

const post = (fields: [string, string][], headers: Record<string, string> = {}) => formPost("/dashboard/account", fields, headers);
const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);
const meta = { clientIp: "203.0.113.9", userAgent: null };
const change: [string, string][] = [
  ["intent", "password"],
  ["current_password", "the old one here"],
  ["new_password", "a new one, long enough"],
  ["confirm_password", "a new one, long enough"],
];

describe("the Account action", () => {
  it("changes the password with this session kept (before enrolment too), and revokes another session", async () => {
    const { context, calls } = contextWith();
    expect(answerOf(await run(post(change), context)).body).toMatchObject({
      ok: true,
      message: "Password changed; 2 other sessions were signed out.",
    });
    const revoked = answerOf(
      await run(
        post([
          ["intent", "revoke"],
          ["id", "12"],
          ["device", "Firefox on Linux"],
        ]),
        context,
      ),
    );
    expect(revoked.body).toMatchObject({ ok: true, message: "Signed out Firefox on Linux." });
    expect(calls).toEqual([
      ["changePassword", me, { currentPassword: "the old one here", newPassword: "a new one, long enough" }, "good", meta],
      ["revokeSession", 7, 12, meta],
    ]);
  });

  it("refuses a repeat that differs by its field, a wrong current password by its field, and throttles with Retry-After", async () => {
    const { context, calls } = contextWith();
    const differs = answerOf(await run(post(change.map(([k, v]) => (k === "confirm_password" ? [k, "something else"] : [k, v]))), context));
    expect(differs).toMatchObject({ status: 400, body: { ok: false, errors: { confirm_password: "The two passwords differ." } } });
    expect(calls).toEqual([]);
    const wrong = contextWith(
      domainError("invalid_input", "The current password is not right.", { current_password: "The current password is not right." }),
    );
    expect(answerOf(await run(post(change), wrong.context)).body).toMatchObject({
      errors: { current_password: "The current password is not right." },
    });
    const throttled = answerOf(
      await run(
        post(change),
        contextWith(Object.assign(domainError("throttled", "Too many attempts."), { retryAfterSeconds: 60 })).context,
      ),
    );
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("60");
  });

  it("refuses a post from another site, and sends a signed-out admin to the login", async () => {
    const { context, calls } = contextWith();
    await expect(run(post(change, { origin: "https://evil.test" }), context)).rejects.toMatchObject({ init: { status: 403 } });
    const signedOut = await run(post(change, { cookie: "" }), context).catch((thrown: unknown) => thrown);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
    expect(calls).toEqual([]);
  });
});
