import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtifactCreatedSchema } from "../../../contract/artifacts";
import { uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { makeKeyPair, minisignVerifies, signWithMinisign, tempDir } from "../../../tests/helpers/minisign-cli";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// Production: RELEASE_PUBLIC_KEY set, the server holds no release secret and checks what it is sent.
let t: TestApp;
let work: string;
let artifactsDir: string;
let admin: Record<string, string>;
let release: Awaited<ReturnType<typeof makeKeyPair>>;
let stranger: Awaited<ReturnType<typeof makeKeyPair>>;
const data = new Uint8Array(120_000).map((_, i) => (i * 31) % 256);
let signature: string;
const target = { product_id: "prod-sig", version: "1.0", platform: "linux", arch: "x86_64" };

const post = (body: FormData | string, headers: Record<string, string> = {}) =>
  t.request("/api/admin/artifacts", { method: "POST", headers: { ...admin, ...headers }, body });
const files = async () => (await readdir(artifactsDir)).sort();

beforeAll(async () => {
  work = await tempDir("prod-sig-");
  artifactsDir = join(work, "artifacts");
  release = await makeKeyPair(work, "release");
  stranger = await makeKeyPair(work, "stranger");
  await writeFile(join(work, "build.bin"), data);
  signature = await signWithMinisign(release.secretFile, join(work, "build.bin"));
  t = await createTestApp({ config: { ARTIFACTS_DIR: artifactsDir, RELEASE_PUBLIC_KEY: release.line } });
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "prod-sig", "1.0", { amountMinor: 0, forSale: false });
});
afterAll(() => t.close());

describe("signed releases with RELEASE_PUBLIC_KEY", () => {
  it("refuses a missing signature, another key's, one sent after the file and a truncated file: 400, no file, no key made", async () => {
    const refusals: [string, FormData][] = [];
    refusals.push(["missing", uploadForm(target, { name: "b.bin", data })]);
    await writeFile(join(work, "other.bin"), data);
    const foreign = await signWithMinisign(stranger.secretFile, join(work, "other.bin"));
    refusals.push(["another key", uploadForm({ ...target, signature: foreign }, { name: "b.bin", data })]);
    const after = new FormData();
    for (const [k, v] of Object.entries(target)) after.set(k, v);
    after.set("file", new Blob([data]), "b.bin");
    after.set("signature", signature);
    refusals.push(["after the file", after]);
    refusals.push(["truncated", uploadForm({ ...target, signature }, { name: "b.bin", data: data.slice(0, -1) })]);
    const changed = Uint8Array.from(data);
    changed[7] ^= 0x80;
    refusals.push(["changed byte", uploadForm({ ...target, signature }, { name: "b.bin", data: changed })]);
    const garbled = signature.replace(/trusted comment: timestamp:\d+/, "trusted comment: timestamp:1");
    refusals.push(["altered comment", uploadForm({ ...target, signature: garbled }, { name: "b.bin", data })]);
    for (const [why, form] of refusals) {
      const res = await post(form);
      expect(res.status, why).toBe(400);
      const body = await res.json();
      expect(body.status, why).toBe("error");
      expect(body.errors, why).toHaveProperty("signature");
      expect(await files(), why).toEqual([]);
    }
    expect(await t.services.signingKeys.trusted("release")).toEqual([]);
  });

  it("a build cut off mid-body with the signature of the whole file: 400 and no file", async () => {
    const form = uploadForm({ ...target, signature }, { name: "b.bin", data });
    const whole = new Request("http://x/", { method: "POST", body: form });
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const res = await post(Buffer.from(bytes.subarray(0, 60_000)).toString("latin1"), {
      "content-type": whole.headers.get("content-type") as string,
    });
    expect(res.status).toBe(400);
    expect(await files()).toEqual([]);
  });

  it("accepts the release key's signature sent before the file and publishes it for minisign", async () => {
    const res = await post(uploadForm({ ...target, signature }, { name: "prod-sig-1.0.tar.gz", data }));
    expect(res.status).toBe(201);
    expect(ArtifactCreatedSchema.parse(await res.json()).signed).toBe(true);
    expect(await files()).toHaveLength(1);
    const minisig = await (await t.request("/releases/prod-sig/1.0/prod-sig-1.0.tar.gz.minisig")).text();
    expect(minisig).toBe(signature);
    const pub = await (await t.request("/releases/minisign.pub")).text();
    expect(pub.split("\n")[1]).toBe(release.line);
    const pubFile = join(work, "served.pub");
    await writeFile(pubFile, pub);
    expect((await minisignVerifies(work, data, minisig, { line: release.line })).ok).toBe(true);
    expect((await minisignVerifies(work, data, minisig, { file: pubFile })).ok).toBe(true);
    const changed = Uint8Array.from(data);
    changed[0] ^= 1;
    expect((await minisignVerifies(work, changed, minisig, { file: pubFile })).ok).toBe(false);
    expect(await t.services.signingKeys.trusted("release")).toEqual([]);
  });

  it("requires the signature of an external URL, and checks its key", async () => {
    const external = { ...target, platform: "windows", filename: "prod.msi", url: "https://cdn.example.com/prod.msi", size: data.length };
    const json = (extra: object) => t.request("/api/admin/artifacts", { method: "POST", headers: admin, json: { ...external, ...extra } });
    const sha256 = "c".repeat(64);
    expect((await json({ sha256 })).status).toBe(400);
    const foreign = await signWithMinisign(stranger.secretFile, join(work, "build.bin"));
    expect((await json({ sha256, signature: foreign })).status).toBe(400);
    const ok = await json({ sha256, signature });
    expect(ok.status).toBe(201);
    expect(ArtifactCreatedSchema.parse(await ok.json()).signed).toBe(true);
    expect(await (await t.request("/releases/prod-sig/1.0/prod.msi.minisig")).text()).toBe(signature);
  });
});
