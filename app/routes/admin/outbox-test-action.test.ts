import { describe, expect, it } from "vitest";
import { adminActionContext, answerOf, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action } from "./outbox-test";

type Sent = { to: string; actor: unknown }[];
const context = (sent: Sent, config: Record<string, unknown> = {}) =>
  adminActionContext(
    {
      testMail: {
        send: async (input: { to: string }, actor: unknown) => {
          sent.push({ to: input.to, actor });
          return { id: 41 };
        },
      },
    },
    config,
  );
const run = (request: Request, sent: Sent, config: Record<string, unknown> = {}) =>
  action({ request, context: context(sent, config), params: {} } as Parameters<typeof action>[0]);
const post = (to: string, headers: Record<string, string> = {}) => formPost("/dashboard/outbox/test", { to }, headers);

describe("Outbox → Send a test mail", () => {
  it("queues one mail to the address typed, as the signed-in admin, and says whether SMTP will send it", async () => {
    const sent: Sent = [];
    expect(await run(post("  ops@example.com "), sent)).toEqual({
      ok: true,
      message: "A test mail to ops@example.com is queued as mail 41: no SMTP server is set, so it stays in the Outbox unsent.",
      value: { to: "  ops@example.com " },
    });
    expect(sent).toEqual([{ to: "ops@example.com", actor: HARNESS_ACTOR }]);
    const withSmtp = await run(post("ops@example.com"), sent, { SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(withSmtp).toMatchObject({ ok: true, message: expect.stringContaining("it goes out within a few seconds") });
  });

  it("refuses an address that is not one beside its field, keeps what was typed and queues nothing", async () => {
    const sent: Sent = [];
    for (const typed of ["", "not-an-address", "a@b.example\r\nBcc: x@y.example"]) {
      const answer = answerOf(await run(post(typed), sent));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, errors: { to: expect.any(String) }, value: { to: typed } });
    }
    expect(sent).toEqual([]);
  });

  it("refuses a post from another site before reading it", async () => {
    const sent: Sent = [];
    await expect(run(post("ops@example.com", { origin: "https://evil.example" }), sent)).rejects.toMatchObject({ init: { status: 403 } });
    expect(sent).toEqual([]);
  });
});
