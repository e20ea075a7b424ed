import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ACTOR } from "../../../tests/helpers/admin-action-harness";
import { action } from "./product-release";

type Added = { input: unknown; actor: unknown };

const contextWith = (addVersion: (input: unknown, actor: unknown) => Promise<unknown>) => adminActionContext({ products: { addVersion } });
const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
  formPost("/dashboard/version-release/major", fields, headers);

const valid: [string, string][] = [
  ["product_id", "dirx"],
  ["product_name", "Dirx"],
  ["version", "2.0"],
  ["os", "linux"],
  ["os", "mac"],
  ...["ram", "gpu", "processor", "storage", "network"].map((k): [string, string] => [k, "any"]),
  ["amount", "49.50"],
  ["features.0", "Fast"],
  ["features.1", ""],
  ["external.0.name", "nmap"],
  ["external.0.os", ""],
  ["external.0.link", "https://nmap.org"],
  ["external.0.version", ""],
];

const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);

describe("the Major / Minor Release action", () => {
  it("adds the version through the products service, with the form validated by the API's schema", async () => {
    const added: Added[] = [];
    const context = contextWith(async (input, actor) => (added.push({ input, actor }), { id: 1 }));
    const result = answerOf(await run(post(valid), context));
    expect(result.body).toMatchObject({ ok: true, message: "Product requirements submitted successfully" });
    expect(added).toHaveLength(1);
    expect(added[0].actor).toEqual(HARNESS_ACTOR);
    expect(added[0].input).toMatchObject({ os: ["linux", "mac"], amount: 49.5, features: ["Fast"], external: [{ name: "nmap" }] });
  });

  it("saves a draft when the Save as draft box is ticked: a form's on (or true) is the schema's boolean", async () => {
    const added: Added[] = [];
    const context = contextWith(async (input, actor) => (added.push({ input, actor }), { id: 1 }));
    for (const word of ["on", "true"]) expect(answerOf(await run(post([...valid, ["draft", word]]), context)).status).toBe(200);
    expect(answerOf(await run(post([...valid, ["draft", "off"]]), context)).status).toBe(200);
    expect(added.map((a) => (a.input as { draft?: boolean }).draft)).toEqual([true, true, false]);
    const bad = answerOf(await run(post([...valid, ["draft", "maybe"]]), context));
    expect(bad).toMatchObject({ status: 400, body: { ok: false, errors: { draft: expect.any(String) } } });
  });

  it("answers field errors for a bad field, and the service's conflict as a 409 with its message", async () => {
    const context = contextWith(async () => {
      throw domainError("conflict", "Version 2.0 of dirx already exists.");
    });
    const bad = answerOf(await run(post(valid.map(([k, v]) => (k === "external.0.link" ? [k, "ftp://x"] : [k, v]))), context));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, errors: { "external.0.link": expect.any(String) } });
    const clash = answerOf(await run(post(valid), context));
    expect(clash).toMatchObject({ status: 409, body: { ok: false, message: "Version 2.0 of dirx already exists.", errors: {} } });
  });

  it("refuses a post from another site, and sends a signed-out admin to the login", async () => {
    const context = contextWith(async () => ({ id: 1 }));
    await expect(run(post(valid, { origin: "https://evil.test" }), context)).rejects.toMatchObject({ init: { status: 403 } });
    // A browser saying the post comes from another site is refused even without an Origin.
    await expect(run(post(valid, { origin: "", "sec-fetch-site": "cross-site" }), context)).rejects.toMatchObject({
      init: { status: 403 },
    });
    const signedOut = await run(post(valid, { cookie: "" }), context).catch((thrown: unknown) => thrown);
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login/);
  });
});
