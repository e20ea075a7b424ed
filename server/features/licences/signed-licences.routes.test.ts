import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  licenceAnswerSignedBytes,
  licenceFileSignedBytes,
  parseLicenceFile,
  parseLicenceSignature,
  verifyLicenceAnswer,
  verifyLicenceFile,
  type LicencePublicKey,
} from "../../../contract/licence-file";
import { CreatedOrderSchema } from "../../../contract/store";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { checkoutSignature } from "../../integrations/payments/signature";
import { queryRows } from "../../platform/db/query-rows";
import { makeEd25519Key } from "../../platform/secrets/signing-keys";

const SECRET = "test-secret-for-signed-licences";
const PER_DAY = 4;
let t: TestApp;
let clock = Date.now();
let n = 0;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { PAYMENT_TEST_SECRET: SECRET, CHECKOUT_RATE_LIMIT: 10_000, LICENCE_RATE_LIMIT: 10_000, LICENCE_ACTIVATIONS_PER_DAY: PER_DAY },
    now: () => new Date(clock),
  });
  await addSaleVersion(t, "sig-three", "1.0", { machineLimit: 3, termMonths: 12 });
  await addSaleVersion(t, "sig-many", "1.0", { machineLimit: 100, termMonths: 1 });
  dir = mkdtempSync(path.join(tmpdir(), "licence-sig-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const post = (p: string, json: unknown) => t.request(p, { method: "POST", json, ip: "10.7.0.1" });
async function buy(product: string): Promise<{ key: string; order_id: number }> {
  const o = CreatedOrderSchema.parse(
    await (await post("/api/checkout/orders", { product_id: product, version: "1.0", email: `sig${++n}@example.com`, name: "Sig" })).json(),
  );
  const payId = `pay_SIGNED${String(n).padStart(8, "0")}`;
  const res = await post(`/api/checkout/orders/${o.order_id}/confirm`, {
    razorpay_order_id: o.payment.provider_order_id,
    razorpay_payment_id: payId,
    razorpay_signature: checkoutSignature(SECRET, o.payment.provider_order_id, payId),
  });
  return { key: (await res.json()).licence_key, order_id: o.order_id };
}
const keys = async (): Promise<LicencePublicKey[]> => (await (await t.request("/api/licenses/public-key")).json()).keys;

/** `openssl pkeyutl -verify -rawin` with the published PEM: true when openssl accepts the signature. */
async function opensslVerifies(data: Buffer, signature: Buffer, keyId?: string): Promise<boolean> {
  const pem = await (await t.request(`/.well-known/licence-signing-key.pem${keyId ? `?key_id=${keyId}` : ""}`)).text();
  const [k, d, s] = ["key.pem", "data", "sig"].map((f) => path.join(dir, `${++n}-${f}`));
  writeFileSync(k, pem);
  writeFileSync(d, data);
  writeFileSync(s, signature);
  try {
    execFileSync("openssl", ["pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", k, "-in", d, "-sigfile", s], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0x01;
  return copy;
}

describe("signed licence answers", () => {
  it("every answer of validate, activate and deactivate, errors included, is signed over its Date and body; openssl agrees", async () => {
    const { key } = await buy("sig-three");
    const answers = [
      await post("/api/licenses/validate", { key }),
      await post("/api/licenses/validate", {}),
      await post("/api/licenses/activate", { key, fingerprint: "answer-m1" }),
      await post("/api/licenses/activate", { key: "ONI-00000-00000-00000-00000-00000-00000", fingerprint: "x" }),
      await post("/api/licenses/deactivate", { key, fingerprint: "answer-m1" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 201, 404, 200]);
    const trusted = await keys();
    for (const res of answers) {
      const body = await res.text();
      const date = res.headers.get("date");
      const header = res.headers.get("licence-signature");
      expect(header).toMatch(/^keyid="[0-9A-F]{16}", algorithm="ed25519", signature="[A-Za-z0-9+/=]{88}"$/);
      expect(verifyLicenceAnswer({ date, body, signature: header, keys: trusted, now: new Date() })).toBe(true);
      // The same answer under another Date, or with one byte changed, is refused.
      const otherDate = new Date(Date.parse(date as string) + 1000).toUTCString();
      expect(verifyLicenceAnswer({ date: otherDate, body, signature: header, keys: trusted })).toBe(false);
      expect(verifyLicenceAnswer({ date, body: body.replace(/.$/, " "), signature: header, keys: trusted })).toBe(false);
      // An answer older than five minutes is a replay.
      expect(verifyLicenceAnswer({ date, body, signature: header, keys: trusted, now: new Date(Date.now() + 6 * 60_000) })).toBe(false);
    }
    const res = await post("/api/licenses/validate", { key });
    const body = await res.text();
    const data = licenceAnswerSignedBytes(res.headers.get("date") as string, body);
    const sig = Buffer.from(parseLicenceSignature(res.headers.get("licence-signature") as string)!.signature, "base64");
    expect(await opensslVerifies(data, sig)).toBe(true);
    expect(await opensslVerifies(flipped(data, data.length - 3), sig)).toBe(false);
  });

  it("the public key answers the raw key and its PEM is the same key", async () => {
    const pub = await (await t.request("/api/licenses/public-key")).json();
    expect(pub).toMatchObject({ algorithm: "ed25519", key_id: expect.stringMatching(/^[0-9A-F]{16}$/) });
    expect(Buffer.from(pub.public_key, "base64")).toHaveLength(32);
    expect(pub.keys[0].key_id).toBe(pub.key_id);
    const pem = await (await t.request("/.well-known/licence-signing-key.pem")).text();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ""), "base64");
    expect(der.subarray(-32).toString("base64")).toBe(pub.public_key);
    expect(JSON.stringify(pub)).not.toMatch(/secret|PRIVATE/i);
  });
});

describe("offline licence files", () => {
  it("checkout activates the machine and answers a file openssl and contract/licence-file.ts accept; changed ones are refused", async () => {
    const { key } = await buy("sig-three");
    const res = await post("/api/licenses/checkout", { key, fingerprint: "air-gapped-1", ttl_days: 10 });
    expect(res.status).toBe(200);
    const file = await res.text();
    expect(file).toMatch(/^-----BEGIN LICENCE FILE-----\n[A-Za-z0-9+/=]+\n-----END LICENCE FILE-----\n$/);
    const trusted = await keys();
    const check = verifyLicenceFile(file, { keys: trusted, fingerprint: "air-gapped-1" });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const issued = Date.parse(check.payload.issued_at);
    expect(check.payload).toMatchObject({ product_id: "sig-three", version: "1.0", machine_limit: 3, key_hint: key.slice(-5) });
    expect(Date.parse(check.payload.expires_at) - issued).toBe(10 * 86_400_000);
    // The seat is taken: validate with that fingerprint is VALID.
    expect(await (await post("/api/licenses/validate", { key, fingerprint: "air-gapped-1" })).json()).toMatchObject({ code: "VALID" });

    const env = parseLicenceFile(file)!;
    const data = licenceFileSignedBytes(env.enc);
    const sig = Buffer.from(env.sig, "base64");
    expect(await opensslVerifies(data, sig)).toBe(true);
    expect(await opensslVerifies(flipped(data, 20), sig)).toBe(false);

    // Refused: another machine, expired, a payload changed under the signature, an unknown key.
    expect(verifyLicenceFile(file, { keys: trusted, fingerprint: "air-gapped-2" })).toEqual({ ok: false, reason: "wrong_fingerprint" });
    expect(verifyLicenceFile(file, { keys: trusted, fingerprint: "air-gapped-1", now: new Date(issued + 11 * 86_400_000) })).toEqual({
      ok: false,
      reason: "expired",
    });
    const forged = Buffer.from(JSON.stringify({ ...check.payload, machine_limit: 300 })).toString("base64url");
    const tampered = file.replace(/\n.*\n/, `\n${Buffer.from(JSON.stringify({ ...env, enc: forged })).toString("base64")}\n`);
    expect(verifyLicenceFile(tampered, { keys: trusted, fingerprint: "air-gapped-1" })).toEqual({ ok: false, reason: "bad_signature" });
    const stranger = { key_id: env.kid, public_key: makeEd25519Key().publicKey };
    expect(verifyLicenceFile(file, { keys: [stranger], fingerprint: "air-gapped-1" })).toEqual({ ok: false, reason: "bad_signature" });
    expect(verifyLicenceFile(file, { keys: [], fingerprint: "air-gapped-1" })).toEqual({ ok: false, reason: "unknown_key" });
  });

  it("a file ends at the licence's term when that comes first; ttl over 365 is 400; revoked or expired licences get 403", async () => {
    const { key, order_id } = await buy("sig-many");
    const res = await post("/api/licenses/checkout", { key, fingerprint: "term-1", ttl_days: 365 });
    const check = verifyLicenceFile(await res.text(), { keys: await keys(), fingerprint: "term-1" });
    const [row] = await queryRows<{ ms: string }>(
      t.database.db,
      sql`select (extract(epoch from expires_at) * 1000)::float8 as ms from licences where order_id = ${order_id}`,
    );
    expect(check.ok && Date.parse(check.payload.expires_at)).toBe(Math.floor(Number(row.ms)));
    expect((await post("/api/licenses/checkout", { key, fingerprint: "term-1", ttl_days: 366 })).status).toBe(400);
    const saved = clock;
    try {
      clock = Number(row.ms) + 1000;
      expect((await post("/api/licenses/checkout", { key, fingerprint: "term-1" })).status).toBe(403);
    } finally {
      clock = saved;
    }
    await t.database.db.execute(sql`update licences set revoked_at = now() where order_id = ${order_id}`);
    const revoked = await post("/api/licenses/checkout", { key, fingerprint: "term-1" });
    expect(revoked.status).toBe(403);
    expect((await revoked.json()).message).toMatch(/^REVOKED/);
  });

  it("40 checkouts at once on a licence with 3 seats give exactly 3 machines", async () => {
    const { key, order_id } = await buy("sig-three");
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => post("/api/licenses/checkout", { key, fingerprint: `race-${i}` })));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(37);
    const seats = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*) as n from licence_machines m join licences l on l.id = m.licence_id where l.order_id = ${order_id}`,
    );
    expect(Number(seats[0].n)).toBe(3);
  });
});

describe("activation churn", () => {
  it(`at most ${PER_DAY} new machines a day, freeing seats does not reset it, 429 with Retry-After; the window rolls`, async () => {
    const { key } = await buy("sig-many");
    for (let i = 0; i < PER_DAY; i++) {
      expect((await post("/api/licenses/activate", { key, fingerprint: `churn-${i}` })).status).toBe(201);
      expect((await post("/api/licenses/deactivate", { key, fingerprint: `churn-${i}` })).status).toBe(200);
    }
    const refused = await post("/api/licenses/activate", { key, fingerprint: "churn-extra" });
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(86_400 - 600);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(refused.headers.get("licence-signature")).toMatch(/^keyid=/);
    expect((await post("/api/licenses/checkout", { key, fingerprint: "churn-extra" })).status).toBe(429);
    const saved = clock;
    try {
      clock += 86_400_000 + 1000;
      expect((await post("/api/licenses/activate", { key, fingerprint: "churn-extra" })).status).toBe(201);
    } finally {
      clock = saved;
    }
  });

  it(`40 activations at once past the daily limit give exactly ${PER_DAY} machines`, async () => {
    const { key } = await buy("sig-many");
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => post("/api/licenses/activate", { key, fingerprint: `burst-${i}` })));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PER_DAY);
  });
});

describe("key rotation", () => {
  it("after a rotation the new key signs, the old one stays published, and what it signed still verifies", async () => {
    const { key } = await buy("sig-many");
    const before = await keys();
    const oldFile = await (await post("/api/licenses/checkout", { key, fingerprint: "rot-1" })).text();
    const oldAnswer = await post("/api/licenses/validate", { key });
    const oldBody = await oldAnswer.text();
    const rotated = await t.services.signingKeys.rotate("licence", makeEd25519Key);
    expect(rotated.keyId).not.toBe(before[0].key_id);

    const pub = await (await t.request("/api/licenses/public-key")).json();
    expect(pub.key_id).toBe(rotated.keyId);
    expect(pub.keys.map((k: LicencePublicKey) => k.key_id)).toEqual([rotated.keyId, ...before.map((k) => k.key_id)]);
    expect(pub.keys[1].retired_at).not.toBeNull();
    const after: LicencePublicKey[] = pub.keys;
    expect(verifyLicenceFile(oldFile, { keys: after, fingerprint: "rot-1" }).ok).toBe(true);
    expect(
      verifyLicenceAnswer({
        date: oldAnswer.headers.get("date"),
        body: oldBody,
        signature: oldAnswer.headers.get("licence-signature"),
        keys: after,
      }),
    ).toBe(true);
    const env = parseLicenceFile(oldFile)!;
    expect(await opensslVerifies(licenceFileSignedBytes(env.enc), Buffer.from(env.sig, "base64"), env.kid)).toBe(true);

    const fresh = await post("/api/licenses/validate", { key });
    expect(parseLicenceSignature(fresh.headers.get("licence-signature") as string)?.keyid).toBe(rotated.keyId);
    const newFile = await (await post("/api/licenses/checkout", { key, fingerprint: "rot-1" })).text();
    expect(parseLicenceFile(newFile)?.kid).toBe(rotated.keyId);
    expect(verifyLicenceFile(newFile, { keys: after, fingerprint: "rot-1" }).ok).toBe(true);
  });
});
