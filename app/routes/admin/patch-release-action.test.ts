import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action } from "./patch-release";

const contextWith = (create: (input: unknown, actor: unknown) => Promise<unknown>) => adminActionContext({ patches: { create } });
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  formPost("/dashboard/version-release/patch", fields, headers);

const valid: Record<string, string> = {
  product: "Dirx",
  majorVersion: "1.0",
  patchVersion: "1.0.1",
  "features.0": "Fixes a crash",
  "features.1": "Faster start",
  draft: "on",
};
const without = (drop: (name: string) => boolean) => Object.fromEntries(Object.entries(valid).filter(([name]) => !drop(name)));

const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Patch Release action", () => {
  it("creates the patch through the patches service, with the features and the draft box read as the API's body", async () => {
    const created: { input: unknown; actor: unknown }[] = [];
    const context = contextWith(
      async (input, actor) => (created.push({ input, actor }), { product_id: "dirx", product_name: "DirX Scanner", version: "1.0" }),
    );
    expect(answerOf(await run(post(valid), context)).body).toMatchObject({ ok: true, message: "Patch 1.0.1 of DirX Scanner 1.0 created." });
    expect(created).toEqual([
      {
        input: { product: "Dirx", majorVersion: "1.0", patchVersion: "1.0.1", features: ["Fixes a crash", "Faster start"], draft: true },
        actor: HARNESS_ACTOR,
      },
    ]);
    await run(post(without((name) => name.startsWith("features") || name === "draft")), context);
    expect(created[1].input).toEqual({ product: "Dirx", majorVersion: "1.0", patchVersion: "1.0.1", features: [] });
    // Every boolean a form can send: "true" (a script's checkbox value) is a draft too, "off" is not.
    await run(post({ ...valid, draft: "true" }), context);
    expect(created[2].input).toMatchObject({ draft: true });
    await run(post({ ...valid, draft: "off" }), context);
    expect(created[3].input).toMatchObject({ draft: false });
  });

  it("answers a bad version, a duplicate and a vanished base version by their fields", async () => {
    const bad = answerOf(
      await run(
        post({ ...valid, patchVersion: "1.0.x" }),
        contextWith(async () => ({})),
      ),
    );
    expect(bad).toMatchObject({ status: 400, body: { ok: false, errors: { patchVersion: expect.any(String) } } });
    const clash = contextWith(async () => {
      throw domainError("conflict", "Patch 1.0.1 of dirx 1.0 already exists.", { patchVersion: "Patch 1.0.1 of dirx 1.0 already exists." });
    });
    expect(answerOf(await run(post(valid), clash))).toMatchObject({ status: 409, body: { errors: { patchVersion: /already exists/ } } });
    const gone = contextWith(async () => {
      throw domainError("not_found", "There is no version 1.0 of Dirx.");
    });
    expect(answerOf(await run(post(valid), gone)).body).toMatchObject({
      ok: false,
      errors: { majorVersion: "There is no version 1.0 of Dirx." },
    });
  });

  it("refuses a post from another site", async () => {
    await expect(
      run(
        post(valid, { origin: "https://evil.test" }),
        contextWith(async () => ({})),
      ),
    ).rejects.toMatchObject({
      init: { status: 403 },
    });
  });
});
