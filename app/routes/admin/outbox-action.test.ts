import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action } from "./outbox";

// The services' NotFoundError as describeError reads it: by its kind (app/ reaches server code only from .server modules).
class NotFoundError extends Error {
  readonly kind = "not_found";
}

const context = (resent: number[]) =>
  ({
    https: false,
    clientIp: "203.0.113.9",
    config: { PUBLIC_ORIGIN: undefined },
    services: {
      account: { mustEnrol: async () => false },
      auth: { sessionAdmin: async () => ({ id: 7, email: "a@example.com" }) },
      outbox: {
        resend: async (id: number) => {
          if (id !== 5) throw new NotFoundError("No such mail.");
          resent.push(id);
        },
      },
    },
  }) as unknown as AppLoadContext;

const post = (id: string) =>
  new Request("http://shop.test/dashboard/outbox", {
    method: "POST",
    body: new URLSearchParams({ id }),
    headers: { cookie: "session_id=x", origin: "http://shop.test", host: "shop.test" },
  });
const run = (request: Request, resent: number[]) =>
  action({ request, context: context(resent), params: {} } as Parameters<typeof action>[0]);

describe("the Outbox's Resend action", () => {
  it("queues the mail through the outbox service; an unknown mail is a 404, a bad id a 400", async () => {
    const resent: number[] = [];
    expect(await run(post("5"), resent)).toMatchObject({ ok: true, intent: "resend", message: "The mail is queued to be sent again." });
    expect(resent).toEqual([5]);
    expect(await run(post("6"), resent)).toMatchObject({ init: { status: 404 }, data: { ok: false, message: "No such mail." } });
    expect(await run(post("zero"), resent)).toMatchObject({
      init: { status: 400 },
      data: { ok: false, errors: { id: expect.any(String) } },
    });
  });
});
