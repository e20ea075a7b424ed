import { describe, expect, it } from "vitest";
import { adminActionContext, domainError, formPost } from "../../../tests/helpers/admin-action-harness";
import { action } from "./outbox";

const context = (resent: number[]) =>
  adminActionContext({
    outbox: {
      resend: async (id: number) => {
        if (id !== 5) throw domainError("not_found", "No such mail.");
        resent.push(id);
      },
    },
  });

const post = (id: string) => formPost("/dashboard/outbox", { id });
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
