import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action as addAction } from "./quest-add";
import { action as listAction } from "./quests";

// The services' NotFoundError as describeError reads it: by its kind (app/ reaches server code only from .server modules).
class NotFoundError extends Error {
  readonly kind = "not_found";
}

type Call = { op: string; args: unknown[] };

function contextWith(missing = false) {
  const calls: Call[] = [];
  const record =
    (op: string) =>
    async (...args: unknown[]) => {
      if (missing) throw new NotFoundError("There is no such quest.");
      calls.push({ op, args });
      return { id: 3, title: "t", description: "d", prize: "p" };
    };
  const context = {
    https: false,
    clientIp: "203.0.113.9",
    config: { PUBLIC_ORIGIN: undefined },
    services: {
      account: { mustEnrol: async () => false },
      auth: { sessionAdmin: async (token?: string) => (token === "good" ? { id: 7, email: "a@example.com" } : null) },
      quests: { create: record("create"), update: record("update"), remove: record("remove") },
    },
  } as unknown as AppLoadContext;
  return { context, calls };
}

const post = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: "session_id=good", origin: "http://shop.test", host: "shop.test", ...headers },
  });
const args = (request: Request, context: AppLoadContext) => ({ request, context, params: {} }) as never;
const answer = (result: unknown) =>
  result && typeof result === "object" && "init" in result
    ? { status: (result as { init: { status: number } }).init.status, body: (result as unknown as { data: unknown }).data }
    : { status: 200, body: result };
const actor = { adminId: 7, clientIp: "203.0.113.9" };

describe("the quest actions", () => {
  it("adds a module through the quests service, and answers a blank field by the field", async () => {
    const { context, calls } = contextWith();
    const fields: [string, string][] = [
      ["title", " Flag hunt "],
      ["description", "Find it\\nReport it"],
      ["prize", "$12"],
    ];
    const added = answer(await addAction(args(post("/dev-quest-add", fields), context)));
    expect(added.body).toMatchObject({ ok: true, message: "Module added successfully!" });
    expect(calls).toEqual([{ op: "create", args: [{ title: "Flag hunt", description: "Find it\\nReport it", prize: "$12" }, actor] }]);
    const blank = answer(await addAction(args(post("/dev-quest-add", [...fields.slice(0, 2), ["prize", "  "]]), context)));
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
    expect(answer(await listAction(args(post("/dashboard/quests", edit), context))).body).toMatchObject({
      ok: true,
      message: "Quest saved.",
    });
    const del = [
      ["intent", "delete"],
      ["id", "3"],
    ] as [string, string][];
    expect(answer(await listAction(args(post("/dashboard/quests", del), context))).body).toMatchObject({
      ok: true,
      message: "Quest deleted.",
    });
    expect(calls).toEqual([
      { op: "update", args: [3, { prize: "$50" }, actor] },
      { op: "remove", args: [3, actor] },
    ]);
    const gone = answer(await listAction(args(post("/dashboard/quests", del), contextWith(true).context)));
    expect(gone).toMatchObject({ status: 404, body: { ok: false, intent: "delete", message: "There is no such quest." } });
    const noId = answer(await listAction(args(post("/dashboard/quests", [["intent", "delete"]]), context)));
    expect(noId.status).toBe(400);
  });

  it("refuses a post from another site", async () => {
    const { context, calls } = contextWith();
    const request = post(
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
