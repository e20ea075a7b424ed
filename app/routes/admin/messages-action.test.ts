import { describe, expect, it } from "vitest";
import { adminActionContext, formPost, jsonPost } from "../../../tests/helpers/admin-action-harness";
import { action } from "./messages";

const calls: unknown[][] = [];
const context = adminActionContext({
  messages: {
    setStatus: async (id: number, status: string) => void calls.push(["status", id, status]),
    remove: async (id: number) => void calls.push(["remove", id]),
    bulk: async (input: { ids: number[] }) => (calls.push(["bulk", input]), input.ids.length),
  },
});

const form = (fields: Record<string, string>) => formPost("/dashboard/messages", fields);
const json = (body: unknown) => jsonPost("/dashboard/messages", body);
const run = (request: Request) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Messages screen's action", () => {
  it("marks, deletes and bulk-changes messages through the messages service, with the API's schemas", async () => {
    expect(await run(form({ id: "3", status: "archived" }))).toMatchObject({ ok: true, message: "Message marked archived." });
    expect(await run(form({ id: "3", intent: "delete" }))).toMatchObject({ ok: true, message: "Message deleted." });
    expect(await run(json({ ids: [1, 2], action: "read" }))).toMatchObject({
      ok: true,
      intent: "bulk",
      message: "2 messages marked read.",
    });
    expect(calls).toEqual([
      ["status", 3, "archived"],
      ["remove", 3],
      ["bulk", { ids: [1, 2], action: "read" }],
    ]);
    expect(await run(form({ id: "3", status: "spam" }))).toMatchObject({
      init: { status: 400 },
      data: { errors: { status: expect.any(String) } },
    });
    expect(await run(json({ ids: [], action: "read" }))).toMatchObject({
      init: { status: 400 },
      data: { errors: { ids: expect.any(String) } },
    });
  });
});
