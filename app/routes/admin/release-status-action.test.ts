import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action } from "./version-detail";

type Call = { target: string; id: number; change: unknown; actor: unknown };

function contextWith() {
  const calls: Call[] = [];
  const version = { id: 5, version: "2.0", status: "published", patches: [{ id: 9 }] };
  const context = adminActionContext({
    productVersions: {
      find: async () => version,
      update: async (id: number, change: unknown, actor: unknown) => (calls.push({ target: "version", id, change, actor }), version),
    },
    patches: {
      update: async (id: number, change: unknown, actor: unknown) => (
        calls.push({ target: "patch", id, change, actor }),
        { patch_version: "2.0.1", status: "yanked" }
      ),
    },
  });
  return { context, calls };
}

// The release-status forms post without an intent (app/components/admin/release-status-form.tsx).
const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => formPost("/dashboard/versions/5", fields, headers);

const run = (request: Request, context: AppLoadContext) =>
  action({ request, context, params: { id: "5" } } as unknown as Parameters<typeof action>[0]);

describe("the version screen's release-status forms", () => {
  it("publish the version and yank a patch with its reason, as the signed-in admin", async () => {
    const { context, calls } = contextWith();
    expect(answerOf(await run(post({ target: "version", id: "5", status: "published" }), context)).body).toMatchObject({
      ok: true,
      intent: "status-version",
      message: "Version 2.0 is published.",
    });
    const yank = { target: "patch", id: "9", status: "yanked", yank_reason: "Corrupt archive" };
    expect(answerOf(await run(post(yank), context)).body).toMatchObject({ ok: true, intent: "status-patch-9" });
    expect(calls).toEqual([
      { target: "version", id: 5, change: { status: "published" }, actor: HARNESS_ACTOR },
      { target: "patch", id: 9, change: { status: "yanked", yank_reason: "Corrupt archive" }, actor: HARNESS_ACTOR },
    ]);
  });

  it("refuse a post from another site, and send a signed-out admin to the login", async () => {
    const { context, calls } = contextWith();
    const publish = { target: "version", id: "5", status: "published" };
    await expect(run(post(publish, { origin: "https://evil.test" }), context)).rejects.toMatchObject({ init: { status: 403 } });
    const signedOut = await run(post(publish, { cookie: "" }), context).catch((thrown: unknown) => thrown);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
    expect(calls).toEqual([]);
  });
});
