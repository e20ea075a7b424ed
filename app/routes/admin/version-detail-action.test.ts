import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action } from "./version-detail";

type Call = { op: string; id: number; change?: unknown; actor: unknown };

function contextWith(refuseDelete = false) {
  const calls: Call[] = [];
  const version = { id: 5, product_id: "dirx", product_name: "DirX Scanner", version: "2.0", patches: [] };
  const context = adminActionContext({
    productVersions: {
      find: async () => version,
      update: async (id: number, change: unknown, actor: unknown) => (calls.push({ op: "update", id, change, actor }), version),
      remove: async (id: number, actor: unknown) => {
        if (refuseDelete) throw domainError("conflict", "Orders refer to dirx 2.0, so it cannot be deleted; archive it instead.");
        calls.push({ op: "remove", id, actor });
      },
    },
  });
  return { context, calls };
}

const post = (fields: [string, string][], headers: Record<string, string> = {}) => formPost("/dashboard/versions/5", fields, headers);

const edit: [string, string][] = [
  ["intent", "edit"],
  ["amount", "1499"],
  ["licence_term_months", "24"],
  ["machine_limit", "3"],
  ["for_sale", "on"],
  ["os", "linux"],
  ...["ram", "gpu", "processor", "storage", "network"].map((k): [string, string] => [k, "any"]),
  ["features", "Fast\n\n  Small  \n"],
];

const run = (request: Request, context: AppLoadContext) =>
  action({ request, context, params: { id: "5" } } as unknown as Parameters<typeof action>[0]);

describe("the version screen's action", () => {
  it("saves an edit through the product-versions service, typed as the API's body", async () => {
    const { context, calls } = contextWith();
    expect(answerOf(await run(post(edit), context)).body).toMatchObject({ ok: true, intent: "edit", message: "Changes saved." });
    expect(calls).toEqual([
      {
        op: "update",
        id: 5,
        actor: HARNESS_ACTOR,
        change: expect.objectContaining({
          amount: 1499,
          licence_term_months: 24,
          machine_limit: 3,
          for_sale: true,
          os: ["linux"],
          features: ["Fast", "Small"],
        }),
      },
    ]);
    // "true" (a script's value) ticks it too; an unticked box (absent) is false.
    await run(post(edit.map(([k, v]) => (k === "for_sale" ? [k, "true"] : [k, v]))), context);
    await run(post(edit.filter(([k]) => k !== "for_sale")), context);
    expect(calls.slice(1).map((c) => (c.change as { for_sale: boolean }).for_sale)).toEqual([true, false]);
  });

  it("answers an out-of-range field and an empty price by their fields, changing nothing", async () => {
    const { context, calls } = contextWith();
    const term = answerOf(await run(post(edit.map(([k, v]) => (k === "licence_term_months" ? [k, "1.5"] : [k, v]))), context));
    expect(term).toMatchObject({ status: 400, body: { ok: false, intent: "edit", errors: { licence_term_months: "Use whole months." } } });
    const word = answerOf(await run(post(edit.map(([k, v]) => (k === "for_sale" ? [k, "maybe"] : [k, v]))), context));
    expect(word).toMatchObject({ status: 400, body: { ok: false, errors: { for_sale: expect.any(String) } } });
    const price = answerOf(await run(post(edit.map(([k, v]) => (k === "amount" ? [k, " "] : [k, v]))), context));
    expect(price.body).toMatchObject({ ok: false, errors: { amount: "Enter the price (0 only for a free version)." } });
    expect(calls).toEqual([]);
  });

  it("archives and restores; a delete goes to the list naming the version, a refused one answers 409", async () => {
    const { context, calls } = contextWith();
    expect(
      answerOf(
        await run(
          post([
            ["intent", "archive"],
            ["archived", "true"],
          ]),
          context,
        ),
      ).body,
    ).toMatchObject({ ok: true, message: "Version archived." });
    expect(
      answerOf(
        await run(
          post([
            ["intent", "archive"],
            ["archived", "false"],
          ]),
          context,
        ),
      ).body,
    ).toMatchObject({ ok: true, message: "Version restored." });
    // A checkbox's "on" is a boolean like "true" (contract/form-booleans.ts).
    expect(
      answerOf(
        await run(
          post([
            ["intent", "archive"],
            ["archived", "on"],
          ]),
          context,
        ),
      ).body,
    ).toMatchObject({ ok: true, message: "Version archived." });
    expect(calls.map((c) => c.change)).toEqual([{ archived: true }, { archived: false }, { archived: true }]);
    const gone = await run(post([["intent", "delete"]]), context).catch((thrown: unknown) => thrown);
    expect((gone as Response).headers.get("location")).toBe("/dashboard/versions?deleted=DirX%20Scanner%202.0");
    expect(calls.at(-1)).toMatchObject({ op: "remove", id: 5 });
    const refused = answerOf(await run(post([["intent", "delete"]]), contextWith(true).context));
    expect(refused).toMatchObject({
      status: 409,
      body: { ok: false, intent: "delete", message: expect.stringMatching(/archive it instead/) },
    });
  });

  it("refuses a post from another site, and sends a signed-out admin to the login", async () => {
    const { context, calls } = contextWith();
    await expect(run(post([["intent", "delete"]], { origin: "https://evil.test" }), context)).rejects.toMatchObject({
      init: { status: 403 },
    });
    const signedOut = await run(post([["intent", "delete"]], { cookie: "" }), context).catch((thrown: unknown) => thrown);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
    expect(calls).toEqual([]);
  });
});
