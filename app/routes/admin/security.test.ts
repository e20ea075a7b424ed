import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { generateKeyPairSync } from "node:crypto";
import { loader } from "./security";

let t: TestApp;
// A new Ed25519 key in the store's format (as the CLI's rotation makes one).
function makeKey() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    keyId: "0123456789ABCDEF",
    algorithm: "ed25519",
    publicKey: publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("base64"),
    secret: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
  };
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("lists the licence keys, current first, with their dates; a rotated key stays listed as retired; no secret", async () => {
  const context = {
    https: false,
    config: t.config,
    services: { ...t.services, auth: { sessionAdmin: async () => ({ id: 1 }) }, account: { mustEnrol: async () => false } },
  } as unknown as AppLoadContext;
  const load = () => loader({ request: new Request("http://localhost/dashboard/security"), context, params: {} } as never);
  const first = await load();
  expect(first.licence).toHaveLength(1);
  expect(first.licence[0]).toMatchObject({ algorithm: "ed25519", retiredAt: null });
  expect(first.release).toEqual([]);
  const rotated = await t.services.signingKeys.rotate("licence", makeKey);
  const second = await load();
  expect(second.licence.map((k) => k.keyId)).toEqual([rotated.keyId, first.licence[0].keyId]);
  expect(second.licence[1].retiredAt).not.toBeNull();
  expect(JSON.stringify(second)).not.toMatch(/secret|PRIVATE/i);
});
