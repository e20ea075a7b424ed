import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { action } from "./patch-release";

// The services' errors as describeError reads them: by their kind (app/ reaches server code only from .server modules).
class ConflictError extends Error {
  readonly kind = "conflict";
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}
class NotFoundError extends Error {
  readonly kind = "not_found";
}

function contextWith(create: (input: unknown, actor: unknown) => Promise<unknown>) {
  return {
    https: false,
    clientIp: "203.0.113.9",
    config: { PUBLIC_ORIGIN: undefined },
    services: {
      account: { mustEnrol: async () => false },
      auth: { sessionAdmin: async (token?: string) => (token === "good" ? { id: 7, email: "a@example.com" } : null) },
      patches: { create },
    },
  } as unknown as AppLoadContext;
}

const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
  new Request("http://shop.test/dashboard/version-release/patch", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: "session_id=good", origin: "http://shop.test", host: "shop.test", ...headers },
  });

const valid: [string, string][] = [
  ["product", "Dirx"],
  ["majorVersion", "1.0"],
  ["patchVersion", "1.0.1"],
  ["features.0", "Fixes a crash"],
  ["features.1", "Faster start"],
  ["draft", "on"],
];

const run = (request: Request, context: AppLoadContext) => action({ request, context, params: {} } as Parameters<typeof action>[0]);
const answer = (result: unknown) =>
  result && typeof result === "object" && "init" in result
    ? { status: (result as { init: { status: number } }).init.status, body: (result as unknown as { data: unknown }).data }
    : { status: 200, body: result };

describe("the Patch Release action", () => {
  it("creates the patch through the patches service, with the features and the draft box read as the API's body", async () => {
    const created: { input: unknown; actor: unknown }[] = [];
    const context = contextWith(async (input, actor) => (created.push({ input, actor }), { product_id: "dirx", version: "1.0" }));
    expect(answer(await run(post(valid), context)).body).toMatchObject({ ok: true, message: "Patch 1.0.1 of dirx 1.0 created." });
    expect(created).toEqual([
      {
        input: { product: "Dirx", majorVersion: "1.0", patchVersion: "1.0.1", features: ["Fixes a crash", "Faster start"], draft: true },
        actor: { adminId: 7, clientIp: "203.0.113.9" },
      },
    ]);
    await run(post(valid.filter(([k]) => !k.startsWith("features") && k !== "draft")), context);
    expect(created[1].input).toEqual({ product: "Dirx", majorVersion: "1.0", patchVersion: "1.0.1", features: [] });
  });

  it("answers a bad version, a duplicate and a vanished base version by their fields", async () => {
    const bad = answer(
      await run(
        post(valid.map(([k, v]) => (k === "patchVersion" ? [k, "1.0.x"] : [k, v]))),
        contextWith(async () => ({})),
      ),
    );
    expect(bad).toMatchObject({ status: 400, body: { ok: false, errors: { patchVersion: expect.any(String) } } });
    const clash = contextWith(async () => {
      throw new ConflictError("Patch 1.0.1 of dirx 1.0 already exists.", { patchVersion: "Patch 1.0.1 of dirx 1.0 already exists." });
    });
    expect(answer(await run(post(valid), clash))).toMatchObject({ status: 409, body: { errors: { patchVersion: /already exists/ } } });
    const gone = contextWith(async () => {
      throw new NotFoundError("There is no version 1.0 of Dirx.");
    });
    expect(answer(await run(post(valid), gone)).body).toMatchObject({
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
