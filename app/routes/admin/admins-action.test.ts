import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action } from "./admins";

// The services' ConflictError as describeError reads it: by its kind (app/ reaches server code only from .server modules).
class ConflictError extends Error {
  readonly kind = "conflict";
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

const me = { id: 7, email: "a@example.com" };

function contextWith(conflict?: ConflictError) {
  const calls: unknown[][] = [];
  const record =
    (op: string) =>
    async (...args: unknown[]) => {
      if (conflict) throw conflict;
      calls.push([op, ...args]);
      return { id: 9 };
    };
  const context = {
    https: false,
    clientIp: "203.0.113.9",
    config: { PUBLIC_ORIGIN: undefined },
    services: {
      account: { mustEnrol: async () => false },
      auth: { sessionAdmin: async (token?: string) => (token === "good" ? me : null) },
      adminDirectory: { invite: record("invite"), disable: record("disable"), enable: record("enable") },
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
  new Request("http://shop.test/dashboard/admins", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: "session_id=good", origin: "http://shop.test", host: "shop.test", "user-agent": "Test/1.0", ...headers },
  });
const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);
const answer = (result: unknown) =>
  result && typeof result === "object" && "init" in result
    ? { status: (result as { init: { status: number } }).init.status, body: (result as unknown as { data: unknown }).data }
    : { status: 200, body: result };
const meta = { clientIp: "203.0.113.9", userAgent: "Test/1.0" };

describe("the Admins action", () => {
  it("invites, disables and enables through the admin directory, as the signed-in admin with the client's details", async () => {
    const { context, calls } = contextWith();
    const invited = answer(
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
      answer(
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
      answer(
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
    const bad = answer(
      await run(
        post([
          ["intent", "invite"],
          ["email", "nope"],
        ]),
        context,
      ),
    );
    expect(bad).toMatchObject({ status: 400, body: { ok: false, errors: { email: expect.any(String) } } });
    expect(answer(await run(post([["id", "3"]]), context)).status).toBe(400);
    expect(calls).toEqual([]);
    const last = contextWith(new ConflictError("The last active admin cannot be disabled.")).context;
    expect(
      answer(
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
