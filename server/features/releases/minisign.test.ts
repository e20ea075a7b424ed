import { describe, expect, it } from "vitest";
import { loadConfig } from "../../platform/config";
import { makeEd25519Key } from "../../platform/secrets/signing-keys";
import { parsePublicKey, publicKeyLine } from "./minisign";

describe("minisign public key lines", () => {
  it("round-trip every key id, and RELEASE_PUBLIC_KEY accepts each (the third character follows the key id)", () => {
    const starts = new Set<string>();
    for (const last of ["00", "40", "80", "C0"]) {
      const made = makeEd25519Key();
      const key = { keyId: made.keyId.slice(0, 14) + last, publicKeyRaw: Buffer.from(made.publicKey, "base64") };
      const line = publicKeyLine(key);
      starts.add(line.slice(0, 3));
      expect(parsePublicKey(line)).toEqual(key);
      expect(loadConfig({ NODE_ENV: "test", RELEASE_PUBLIC_KEY: line }).RELEASE_PUBLIC_KEY).toBe(line);
    }
    expect([...starts].sort()).toEqual(["RWQ", "RWR", "RWS", "RWT"]);
    expect(() => loadConfig({ NODE_ENV: "test", RELEASE_PUBLIC_KEY: "RWQ-not-a-key" })).toThrow(/RELEASE_PUBLIC_KEY/);
    expect(parsePublicKey("RUQ" + "A".repeat(53))).toBeNull();
  });
});
