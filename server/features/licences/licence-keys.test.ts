import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LICENCE_KEY_BITS, canonicalLicenceKey, decryptLicenceKey, encryptLicenceKey, licenceKeyHash, newLicenceKey } from "./licence-keys";

describe("licence keys", () => {
  it("carry at least 128 random bits in typeable groups, and differ", () => {
    expect(LICENCE_KEY_BITS).toBeGreaterThanOrEqual(128);
    const keys = new Set(Array.from({ length: 1000 }, newLicenceKey));
    expect(keys.size).toBe(1000);
    for (const k of [...keys].slice(0, 50)) expect(k).toMatch(/^ONI(-[0-9A-HJKMNP-TV-Z]{5}){6}$/);
  });
  it("read loosely (case, spaces, O/0, I/L/1) to the same canonical form; junk is null", () => {
    const key = "ONI-0A1B2-C3D4E-F5G6H-J7K8M-N9P0Q-RSTVW";
    const canonical = canonicalLicenceKey(key);
    expect(canonical).toBe("0A1B2C3D4EF5G6HJ7K8MN9P0QRSTVW");
    expect(canonicalLicenceKey("oni oa1b2 c3d4e f5g6h j7k8m n9p0q rstvw")).toBe(canonical);
    expect(canonicalLicenceKey("ONI-0AlB2-C3D4E-F5G6H-J7K8M-N9P0Q-RSTVW")).toBe(canonical);
    expect(canonicalLicenceKey("ONI-123")).toBeNull();
    expect(canonicalLicenceKey("ONI-UUUUU-C3D4E-F5G6H-J7K8M-N9P0Q-RSTVW")).toBeNull();
  });
  it("hash depends on the secret; encryption round-trips and fails with another secret", () => {
    const c = canonicalLicenceKey(newLicenceKey()) as string;
    expect(licenceKeyHash("a".repeat(32), c)).not.toBe(licenceKeyHash("b".repeat(32), c));
    // Stored hashes stay valid: the key object gives the same HMAC as the secret's text itself.
    expect(licenceKeyHash("a".repeat(32), c)).toBe(createHmac("sha256", "a".repeat(32)).update(`licence-key:${c}`).digest("hex"));
    const key = newLicenceKey();
    const sealed = encryptLicenceKey("s".repeat(32), key);
    expect(sealed).not.toContain(key);
    expect(decryptLicenceKey("s".repeat(32), sealed)).toBe(key);
    expect(() => decryptLicenceKey("t".repeat(32), sealed)).toThrow();
  });
});
