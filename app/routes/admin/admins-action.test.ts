import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ADMIN } from "../../../tests/helpers/admin-action-harness";
import { action } from "./admins";

const me = HARNESS_ADMIN;

function contextWith(conflict?: Error) {
  const calls: unknown[][] = [];
  const record =
    (op: string) =>
    async (...args: unknown[]) => {
      if (conflict) throw conflict;
      calls.push([op, ...args]);
      return { id: 9 };
    };
  const context = adminActionContext({
    adminDirectory: { invite: record("invite"), disable: record("disable"), enable: record("enable") },
  });
  return { context, calls };
}

const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
  formPost("/dashboard/admins", fields, { "user-agent": "Test/1.0", ...headers });
const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);
const meta = { clientIp: "203.0.113.9", userAgent: "Test/1.0" };

describe("the Admins action", () => {
  it("invites, disables and enables through the admin directory, as the signed-in admin with the client's details", async () => {
    const { context, calls } = contextWith();
    const invited = answerOf(
      await run(
        post([
          ["intent", "invite"],
          ["email", "new@example.com"],
          ["id", "3"],
        ]),
        context,
      ),
    );
    expect(invited.body).toMatchObject({ ok: true, intent: "invite", message: "Invitation sent to new@example.com." });
    expect(
      answerOf(
        await run(
          post([
            ["intent", "disable"],
            ["id", "3"],
          ]),
          context,
        ),
      ).body,
    ).toMatchObject({
      ok: true,
      message: "The admin was disabled and signed out.",
    });
    expect(
      answerOf(
        await run(
          post([
            ["intent", "enable"],
            ["id", "3"],
          ]),
          context,
        ),
      ).body,
    ).toMatchObject({ ok: true });
    expect(calls).toEqual([
      ["invite", me, "new@example.com", meta],
      ["disable", me, 3, meta],
      ["enable", me, 3, meta],
    ]);
  });

  it("answers a bad address by its field, the directory's refusal with its status, and no intent as a 400", async () => {
    const { context, calls } = contextWith();
    const bad = answerOf(
      await run(
        post([
          ["intent", "invite"],
          ["email", "nope"],
        ]),
        context,
      ),
    );
    expect(bad).toMatchObject({ status: 400, body: { ok: false, errors: { email: expect.any(String) } } });
    expect(answerOf(await run(post([["id", "3"]]), context)).status).toBe(400);
    expect(calls).toEqual([]);
    const last = contextWith(domainError("conflict", "The last active admin cannot be disabled.")).context;
    expect(
      answerOf(
        await run(
          post([
            ["intent", "disable"],
            ["id", "7"],
          ]),
          last,
        ),
      ),
    ).toMatchObject({
      status: 409,
      body: { ok: false, message: "The last active admin cannot be disabled." },
    });
  });

  it("refuses a post from another site, and sends a signed-out admin to the login", async () => {
    const { context, calls } = contextWith();
    await expect(
      run(
        post(
          [
            ["intent", "disable"],
            ["id", "3"],
          ],
          { origin: "https://evil.test" },
        ),
        context,
      ),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
    const signedOut = await run(
      post(
        [
          ["intent", "disable"],
          ["id", "3"],
        ],
        { cookie: "" },
      ),
      context,
    ).catch((thrown: unknown) => thrown);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
    expect(calls).toEqual([]);
  });
});
