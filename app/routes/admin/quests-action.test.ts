import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action as addAction } from "./quest-add";
import { action as listAction } from "./quests";

type Call = { op: string; args: unknown[] };

function contextWith(missing = false) {
  const calls: Call[] = [];
  const record =
    (op: string) =>
    async (...args: unknown[]) => {
      if (missing) throw domainError("not_found", "There is no such quest.");
      calls.push({ op, args });
      return { id: 3, title: "t", description: "d", prize: "p" };
    };
  const context = adminActionContext({ quests: { create: record("create"), update: record("update"), remove: record("remove") } });
  return { context, calls };
}

const args = (request: Request, context: AppLoadContext) => ({ request, context, params: {} }) as never;

describe("the quest actions", () => {
  it("adds a module through the quests service, and answers a blank field by the field", async () => {
    const { context, calls } = contextWith();
    const fields: [string, string][] = [
      ["title", " Flag hunt "],
      ["description", "Find it\\nReport it"],
      ["prize", "$12"],
    ];
    const added = answerOf(await addAction(args(formPost("/dev-quest-add", fields), context)));
    expect(added.body).toMatchObject({ ok: true, message: "Module added successfully!" });
    expect(calls).toEqual([
      { op: "create", args: [{ title: "Flag hunt", description: "Find it\\nReport it", prize: "$12" }, HARNESS_ACTOR] },
    ]);
    const blank = answerOf(await addAction(args(formPost("/dev-quest-add", [...fields.slice(0, 2), ["prize", "  "]]), context)));
    expect(blank).toMatchObject({ status: 400, body: { ok: false, errors: { prize: "Enter a prize, e.g. $12." } } });
    expect(calls).toHaveLength(1);
  });

  it("edits only the fields posted and deletes by id; a quest gone meanwhile is a 404", async () => {
    const { context, calls } = contextWith();
    const edit = [
      ["intent", "edit"],
      ["id", "3"],
      ["prize", "$50"],
    ] as [string, string][];
    expect(answerOf(await listAction(args(formPost("/dashboard/quests", edit), context))).body).toMatchObject({
      ok: true,
      message: "Quest saved.",
    });
    const del = [
      ["intent", "delete"],
      ["id", "3"],
    ] as [string, string][];
    expect(answerOf(await listAction(args(formPost("/dashboard/quests", del), context))).body).toMatchObject({
      ok: true,
      message: "Quest deleted.",
    });
    expect(calls).toEqual([
      { op: "update", args: [3, { prize: "$50" }, HARNESS_ACTOR] },
      { op: "remove", args: [3, HARNESS_ACTOR] },
    ]);
    const gone = answerOf(await listAction(args(formPost("/dashboard/quests", del), contextWith(true).context)));
    expect(gone).toMatchObject({ status: 404, body: { ok: false, intent: "delete", message: "There is no such quest." } });
    const noId = answerOf(await listAction(args(formPost("/dashboard/quests", [["intent", "delete"]]), context)));
    expect(noId.status).toBe(400);
  });

  it("refuses a post from another site", async () => {
    const { context, calls } = contextWith();
    const request = formPost(
      "/dashboard/quests",
      [
        ["intent", "delete"],
        ["id", "3"],
      ],
      { origin: "https://evil.test" },
    );
    await expect(listAction(args(request, context))).rejects.toMatchObject({ init: { status: 403 } });
    expect(calls).toEqual([]);
  });
});
