import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR as actor } from "../../../tests/helpers/admin-action-harness";
import { action } from "./version-detail";

const sha = "ab".repeat(32);

function contextWith(refusePatch = false) {
  const calls: unknown[][] = [];
  const version = {
    id: 5,
    product_id: "dirx",
    product_name: "DirX Scanner",
    version: "2.0",
    patches: [{ id: 31, patch_version: "2.0.1" }],
  };
  const builds = [
    { id: 41, filename: "dirx.tar.gz", version: "2.0" },
    { id: 42, filename: "old.tar.gz", version: "1.0" },
  ];
  const context = adminActionContext({
    productVersions: { find: async () => version },
    artifacts: {
      register: async (input: { filename: string }, who: unknown) => (calls.push(["register", input, who]), { id: 43, ...input }),
      list: async () => builds,
      remove: async (id: number, who: unknown) => void calls.push(["removeBuild", id, who]),
    },
    patches: {
      update: async (id: number, change: unknown, who: unknown) => {
        if (refusePatch) throw domainError("conflict", "Patch 2.0.4 of dirx 2.0 already exists.");
        calls.push(["updatePatch", id, change, who]);
        return { id, patch_version: "2.0.2", product_id: "dirx", product_name: "DirX Scanner", version: "2.0" };
      },
      remove: async (id: number, who: unknown) => void calls.push(["removePatch", id, who]),
    },
  });
  return { context, calls };
}

const run = (fields: Record<string, string>, context: AppLoadContext, headers: Record<string, string> = {}) =>
  action({ request: formPost("/dashboard/versions/5", fields, headers), context, params: { id: "5" } } as unknown as Parameters<
    typeof action
  >[0]).then(answerOf);

const link = {
  intent: "build-link",
  url: "https://mirror.example.com/dirx.zip",
  filename: "dirx.zip",
  size: "1024",
  sha256: sha.toUpperCase(),
  patch_version: "",
  platform: "linux",
  arch: "x86_64",
};

describe("the version screen's builds and patches", () => {
  it("registers a build link for this screen's version, typed as the API's JSON body", async () => {
    const { context, calls } = contextWith();
    // A product posted in the form is not the screen's: the screen's own is used.
    const answer = await run({ ...link, product_id: "other" }, context);
    expect(answer.body).toMatchObject({ ok: true, intent: "build-link", message: "Registered dirx.zip." });
    const registered = { product_id: "dirx", version: "2.0", platform: "linux", arch: "x86_64", filename: "dirx.zip", size: 1024 };
    expect(calls).toEqual([["register", { ...registered, url: link.url, sha256: sha }, actor]]);
  });

  it("answers a bad link by its fields, an empty size included, registering nothing", async () => {
    const { context, calls } = contextWith();
    expect(await run({ ...link, size: "" }, context)).toMatchObject({ status: 400, body: { errors: { size: "Give the size in bytes." } } });
    expect((await run({ ...link, sha256: "12" }, context)).body).toMatchObject({
      ok: false,
      errors: { sha256: "A SHA-256 is 64 hexadecimal digits." },
    });
    expect(calls).toEqual([]);
  });

  it("deletes a build of this version only", async () => {
    const { context, calls } = contextWith();
    expect((await run({ intent: "build-delete", id: "41" }, context)).body).toMatchObject({ ok: true, message: "dirx.tar.gz deleted." });
    expect(await run({ intent: "build-delete", id: "42" }, context)).toMatchObject({ status: 404, body: { intent: "build-delete" } });
    expect(calls).toEqual([["removeBuild", 41, actor]]);
  });

  it("edits and deletes a patch of this version, naming it; a clash sits by the patch version", async () => {
    const { context, calls } = contextWith();
    const edit = { intent: "patch-edit", id: "31", patch_version: "2.0.2", features: "Fast\n\n Small " };
    expect((await run(edit, context)).body).toMatchObject({
      ok: true,
      message: "Patch 2.0.2 of DirX Scanner 2.0 saved.",
      value: { id: 31 },
    });
    expect((await run({ intent: "patch-delete", id: "31" }, context)).body).toMatchObject({ ok: true, value: { id: 31 } });
    expect((await run({ intent: "patch-delete", id: "99" }, context)).status).toBe(404);
    expect(calls).toEqual([
      ["updatePatch", 31, { patch_version: "2.0.2", features: ["Fast", "Small"] }, actor],
      ["removePatch", 31, actor],
    ]);
    const clash = await run(edit, contextWith(true).context);
    expect(clash).toMatchObject({ status: 409, body: { errors: { patch_version: "Patch 2.0.4 of dirx 2.0 already exists." } } });
  });

  it("refuses a post from another site", async () => {
    const { context, calls } = contextWith();
    await expect(run(link, context, { origin: "https://evil.test" })).rejects.toMatchObject({ init: { status: 403 } });
    expect(calls).toEqual([]);
  });
});
