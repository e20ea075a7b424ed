import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtifactCreatedSchema, ArtifactListSchema, TauriUpdateSchema, UpdateAvailableSchema } from "../../../contract/artifacts";
import { buyLicence, uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { makeKeyPair, minisignVerifies, signWithMinisign, tempDir } from "../../../tests/helpers/minisign-cli";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { makeEd25519Key } from "../../platform/secrets/signing-keys";
import { advisoryDraft } from "../../../tests/helpers/advisory-fixtures";
import { admins } from "../../platform/db/schema";

// The embedded default: the server signs each build with its own release key as the upload completes.
const SECRET = "test-secret-for-signed-releases";
let t: TestApp;
let work: string;
let admin: Record<string, string>;
const data = new Uint8Array(90_000).map((_, i) => (i * 13) % 256);
const target = { product_id: "sig-tool", version: "2.0", platform: "linux", arch: "x86_64" };

const upload = (fields: Record<string, string>, name: string, bytes: Uint8Array<ArrayBuffer> | string = data) =>
  t.request("/api/admin/artifacts", { method: "POST", headers: admin, body: uploadForm(fields, { name, data: bytes }) });
const text = async (path: string) => {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const pubFile = async () => {
  const file = join(work, `minisign-${Math.random().toString(36).slice(2)}.pub`);
  await writeFile(file, await text("/releases/minisign.pub"));
  return file;
};

beforeAll(async () => {
  work = await tempDir("signed-");
  t = await createTestApp({
    config: {
      ARTIFACTS_DIR: join(work, "artifacts"),
      LICENCE_RATE_LIMIT: 10_000,
      CHECKOUT_RATE_LIMIT: 10_000,
      PAYMENT_TEST_SECRET: SECRET,
    },
  });
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "sig-tool", "1.0", { amountMinor: 0, forSale: false });
  await addSaleVersion(t, "sig-tool", "2.0", { amountMinor: 0, forSale: false });
});
afterAll(() => t.close());

describe("signed releases, server-held key", () => {
  it("signs an upload so that minisign verifies it with -P and with minisign.pub, and rejects a changed byte", async () => {
    const res = await upload(target, "sig-tool-2.0.tar.gz");
    expect(res.status).toBe(201);
    expect(ArtifactCreatedSchema.parse(await res.json()).signed).toBe(true);
    const minisig = await text("/releases/sig-tool/2.0/sig-tool-2.0.tar.gz.minisig");
    const current = await t.services.signingKeys.ed25519("release");
    const pub = await text("/releases/minisign.pub");
    expect(pub).toContain(`untrusted comment: minisign public key ${current.keyId}\n`);
    const line = pub.split("\n")[1];

    const withLine = await minisignVerifies(work, data, minisig, { line });
    expect(withLine.output).toContain("Signature and comment signature verified");
    expect(withLine.output).toMatch(/Trusted comment: timestamp:\d+\tfile:sig-tool-2\.0\.tar\.gz\tproduct:sig-tool\tversion:2\.0/);
    expect(withLine.ok).toBe(true);
    expect((await minisignVerifies(work, data, minisig, { file: await pubFile() })).ok).toBe(true);

    const changed = Uint8Array.from(data);
    changed[45_000] ^= 1;
    expect((await minisignVerifies(work, changed, minisig, { line })).ok).toBe(false);
    expect(minisig.split("\n")[0]).toBe("untrusted comment: signature from minisign secret key");
    // minisign prints the key id of the signature it checks: the store's, byte order and all. It
    // prints the 64-bit id as a number, so a random id that starts with zeros loses them.
    const other = await makeKeyPair(work, "other");
    const refused = await minisignVerifies(work, data, minisig, { line: other.line });
    expect(refused.ok).toBe(false);
    const printed = /minisig is ([0-9A-F]+)\s/.exec(refused.output)?.[1] ?? "";
    expect(BigInt(`0x${printed || "0"}`)).toBe(BigInt(`0x${current.keyId}`));
    expect(printed).not.toBe("");
  });

  it("lists the published advisories affecting the caller's version in the update check and the Tauri call", async () => {
    // The admin signed in above (signing in again would end its session).
    const actor = { adminId: (await t.database.db.select({ id: admins.id }).from(admins))[0].id, clientIp: "127.0.0.1" };
    const { id } = await t.services.advisories.create(
      advisoryDraft({ product_id: "sig-tool", ranges: [{ introduced: "1.0", fixed: "2.0" }], credits: [] }),
      actor,
    );
    const check = () => t.request("/api/updates/check?product_id=sig-tool&version=1.0&platform=linux&arch=x86_64");
    expect(UpdateAvailableSchema.parse(await (await check()).json()).advisories).toEqual([]);
    await t.services.advisories.publish(id, actor);
    const listed = [{ id, severity: "high", summary: advisoryDraft().summary, fixed_in: "2.0" }];
    expect(UpdateAvailableSchema.parse(await (await check()).json()).advisories).toEqual(listed);
    const tauri = await t.request("/api/updates/tauri/sig-tool/linux/x86_64/1.0");
    expect(TauriUpdateSchema.parse(await tauri.json()).advisories).toEqual(listed);
    await t.services.advisories.withdraw(id, actor);
    expect(UpdateAvailableSchema.parse(await (await check()).json()).advisories).toEqual([]);
  });

  it("offers the signature to updaters: artifact.signature in the update check, Tauri's 200 and 204", async () => {
    const minisig = await text("/releases/sig-tool/2.0/sig-tool-2.0.tar.gz.minisig");
    const check = await t.request("/api/updates/check?product_id=sig-tool&version=1.0&platform=linux&arch=x86_64");
    expect(check.status).toBe(200);
    const update = UpdateAvailableSchema.parse(await check.json());
    expect(Buffer.from(update.artifact.signature, "base64").toString()).toBe(minisig);

    const tauri = await t.request("/api/updates/tauri/sig-tool/linux/x86_64/1.0");
    expect(tauri.status).toBe(200);
    const body = await tauri.json();
    expect(Object.keys(body).sort()).toEqual(["advisories", "notes", "pub_date", "signature", "url", "version"]);
    const parsed = TauriUpdateSchema.parse(body);
    expect(parsed).toMatchObject({ version: "2.0", notes: "Scan", signature: update.artifact.signature });
    expect(parsed.url).toMatch(/^http.*\/dl\//);
    expect(new Date(parsed.pub_date).toISOString()).toBe(parsed.pub_date);
    const file = await t.request(new URL(parsed.url).pathname);
    expect((await minisignVerifies(work, new Uint8Array(await file.arrayBuffer()), minisig, { file: await pubFile() })).ok).toBe(true);

    expect((await t.request("/api/updates/tauri/sig-tool/linux/x86_64/2.0")).status).toBe(204);
    expect((await t.request("/api/updates/tauri/sig-tool/darwin/aarch64/1.0")).status).toBe(204);
    // A path naming no target or architecture names nothing (404, as every path parameter of the API).
    expect((await t.request("/api/updates/tauri/sig-tool/beos/x86_64/1.0")).status).toBe(404);
    expect((await t.request("/api/updates/tauri/sig-tool/linux/arm64/1.0")).status).toBe(404);
  });

  it("asks a paid product's Tauri client for its licence, as the update check does", async () => {
    await addSaleVersion(t, "sig-paid", "1.0");
    await addSaleVersion(t, "sig-paid", "2.0");
    expect((await upload({ ...target, product_id: "sig-paid" }, "sig-paid-2.0.tar.gz")).status).toBe(201);
    const key = await buyLicence(t, SECRET, "sig-paid", "2.0", 1);
    expect((await t.request("/api/updates/tauri/sig-paid/linux/x86_64/1.0")).status).toBe(401);
    const wrong = await t.request("/api/updates/tauri/sig-paid/linux/x86_64/1.0", { headers: { authorization: "License ONI-NOPE" } });
    expect(wrong.status).toBe(403);
    const ok = await t.request("/api/updates/tauri/sig-paid/linux/x86_64/1.0", { headers: { authorization: `License ${key}` } });
    expect(ok.status).toBe(200);
    expect(TauriUpdateSchema.parse(await ok.json())).toMatchObject({ version: "2.0" });
  });

  it("never offers an unsigned external build to an updater, and lists builds as signed or not", async () => {
    const external = { ...target, platform: "windows", filename: "sig.msi", url: "https://cdn.example.com/sig.msi", size: 3 };
    const res = await t.request("/api/admin/artifacts", { method: "POST", headers: admin, json: { ...external, sha256: "b".repeat(64) } });
    expect(res.status).toBe(201);
    expect(ArtifactCreatedSchema.parse(await res.json()).signed).toBe(false);
    expect((await t.request("/api/updates/check?product_id=sig-tool&version=1.0&platform=windows&arch=x86_64")).status).toBe(204);
    expect((await t.request("/api/updates/tauri/sig-tool/windows/x86_64/1.0")).status).toBe(204);
    expect((await t.request("/releases/sig-tool/2.0/sig.msi.minisig")).status).toBe(404);
    const list = ArtifactListSchema.parse(await (await t.request("/api/admin/artifacts?product_id=sig-tool", { headers: admin })).json());
    expect(list.artifacts.map((a) => [a.filename, a.signed])).toEqual([
      ["sig-tool-2.0.tar.gz", true],
      ["sig.msi", false],
    ]);
    // A .minisig not made by a release key is refused, and nothing is stored.
    const dir = await tempDir("ext-");
    const stranger = await makeKeyPair(dir);
    await writeFile(join(dir, "sig.msi"), "abc");
    const signature = await signWithMinisign(stranger.secretFile, join(dir, "sig.msi"));
    const refused = await t.request("/api/admin/artifacts", {
      method: "POST",
      headers: admin,
      json: { ...external, arch: "arm64", sha256: "b".repeat(64), signature },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toHaveProperty("signature");
  });

  it("after a rotation signs with the new key and keeps the old one in minisign.pub", async () => {
    const old = await t.services.signingKeys.ed25519("release");
    const oldLine = (await text("/releases/minisign.pub")).split("\n")[1];
    const rotated = await t.services.signingKeys.rotate("release", makeEd25519Key);
    expect((await upload({ ...target, arch: "arm64" }, "sig-tool-2.0-arm64.tar.gz")).status).toBe(201);
    const pub = await text("/releases/minisign.pub");
    expect(pub.split("\n")).toHaveLength(5);
    expect(pub.split("\n")[0]).toBe(`untrusted comment: minisign public key ${rotated.keyId}`);
    expect(pub.split("\n")[2]).toBe(`untrusted comment: minisign public key ${old.keyId}`);
    const fresh = await text("/releases/sig-tool/2.0/sig-tool-2.0-arm64.tar.gz.minisig");
    expect((await minisignVerifies(work, data, fresh, { file: await pubFile() })).ok).toBe(true);
    expect((await minisignVerifies(work, data, fresh, { line: oldLine })).ok).toBe(false);
    const before = await text("/releases/sig-tool/2.0/sig-tool-2.0.tar.gz.minisig");
    expect((await minisignVerifies(work, data, before, { line: oldLine })).ok).toBe(true);
    expect((await minisignVerifies(work, data, before, { line: pub.split("\n")[3] })).ok).toBe(true);
    expect((await readdir(join(work, "artifacts"))).filter((f) => f.endsWith(".part"))).toEqual([]);
  });
});
