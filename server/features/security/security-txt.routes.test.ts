import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../../contract/time";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// security.txt is checked with Debian's gpg, a verifier no one here wrote.
const dirs: string[] = [];
function gpgHome(): string {
  const dir = mkdtempSync(join(tmpdir(), "gpg-"));
  dirs.push(dir);
  return dir;
}
const gpg = (home: string, args: string[], input?: string) =>
  spawnSync("gpg", ["--homedir", home, "--batch", "--no-tty", ...args], { input, encoding: "utf8" });

/** Imports `key` into a fresh keyring and asks gpg to verify `signed`; true when gpg accepts it. */
function gpgAccepts(key: string, signed: string): boolean {
  const home = gpgHome();
  expect(gpg(home, ["--import"], key).status).toBe(0);
  const file = join(home, "security.txt");
  writeFileSync(file, signed);
  return gpg(home, ["--verify", file]).status === 0;
}

let clock = Date.parse("2026-11-28T10:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    config: { PUBLIC_ORIGIN: "https://example.com", publicOrigin: "https://example.com" },
  });
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const expiresOf = (text: string) => Date.parse(/^Expires: (.+)$/m.exec(text)![1]);

describe("security.txt", () => {
  it("is an RFC 9116 file signed in OpenPGP cleartext that gpg accepts, and refuses with one byte changed", async () => {
    const res = await t.request("/.well-known/security.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text.startsWith("-----BEGIN PGP SIGNED MESSAGE-----\n")).toBe(true);
    for (const line of [
      `Contact: mailto:${t.config.site.security?.contact ?? t.config.site.email}`,
      "Encryption: https://example.com/.well-known/openpgp-key.asc",
      "Acknowledgments: https://example.com/security/thanks",
      "Policy: https://example.com/security",
      "Preferred-Languages: en",
      "Canonical: https://example.com/.well-known/security.txt",
    ]) {
      expect(text).toContain(`\n${line}\n`);
    }
    expect(expiresOf(text)).toBe(clock + 180 * DAY_MS);
    const key = await (await t.request("/.well-known/openpgp-key.asc")).text();
    expect(key).toContain("-----BEGIN PGP PUBLIC KEY BLOCK-----");
    expect(gpgAccepts(key, text)).toBe(true);
    expect(gpgAccepts(key, text.replace("Preferred-Languages: en", "Preferred-Languages: em"))).toBe(false);
    expect(await (await t.request("/security.txt")).text()).toBe(text);
  });

  it("keeps one signature for a day, then signs again so Expires stays far enough ahead", async () => {
    const first = await (await t.request("/.well-known/security.txt")).text();
    clock += DAY_MS / 2;
    expect(await (await t.request("/.well-known/security.txt")).text()).toBe(first);
    clock += 400 * DAY_MS;
    const later = await (await t.request("/.well-known/security.txt")).text();
    const ahead = expiresOf(later) - clock;
    expect(ahead).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(ahead).toBeLessThanOrEqual(365 * DAY_MS);
    const key = await (await t.request("/.well-known/openpgp-key.asc")).text();
    expect(gpgAccepts(key, later)).toBe(true);
  });
});

describe("SECURITY_PGP_PRIVATE_KEY_FILE", () => {
  it("signs with the given key: gpg made it, and gpg verifies with its own public key", async () => {
    const home = gpgHome();
    const made = gpg(home, ["--passphrase", "", "--quick-gen-key", "Security <security@example.com>", "ed25519", "sign", "never"]);
    expect(made.status).toBe(0);
    const file = join(home, "secret.asc");
    writeFileSync(file, execFileSync("gpg", ["--homedir", home, "--batch", "--armor", "--export-secret-keys"], { encoding: "utf8" }));
    const own = execFileSync("gpg", ["--homedir", home, "--batch", "--armor", "--export"], { encoding: "utf8" });
    const app = await createTestApp({ config: { SECURITY_PGP_PRIVATE_KEY_FILE: file } });
    try {
      const text = await (await app.request("/.well-known/security.txt")).text();
      expect(gpgAccepts(own, text)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
