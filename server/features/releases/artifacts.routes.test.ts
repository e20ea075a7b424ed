import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArtifactCreatedSchema, ArtifactListSchema } from "../../../contract/artifacts";
import { sha256Hex, uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let dir: string;
let admin: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "artifacts-"));
  t = await createTestApp({ config: { ARTIFACTS_DIR: dir, ARTIFACT_MAX_BYTES: 200_000 } });
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "art-tool", "1.0", { amountMinor: 0, forSale: false });
});
afterAll(() => t.close());

const target = { product_id: "art-tool", version: "1.0", platform: "linux", arch: "x86_64" };
const upload = (fields: Record<string, string>, file: { name: string; data: Uint8Array<ArrayBuffer> | string }) =>
  t.request("/api/admin/artifacts", { method: "POST", headers: admin, body: uploadForm(fields, file) });
const list = async () =>
  ArtifactListSchema.parse(await (await t.request("/api/admin/artifacts?product_id=art-tool", { headers: admin })).json());
const filesOnDisk = async () => (await readdir(dir)).sort();

describe("admin artifacts", () => {
  it("streams an upload past the 64 KB body limit to ARTIFACTS_DIR with its SHA-256, lists it with 0 downloads and in SHA256SUMS", async () => {
    const data = new Uint8Array(150_000).map((_, i) => i % 251);
    const res = await upload({ ...target, sha256: sha256Hex(data) }, { name: "dirx-1.0-linux.tar.gz", data });
    expect(res.status).toBe(201);
    const created = ArtifactCreatedSchema.parse(await res.json());
    expect(created).toMatchObject({ filename: "dirx-1.0-linux.tar.gz", size: 150_000, sha256: sha256Hex(data), platform: "linux" });
    const files = await filesOnDisk();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/\.part$/);
    expect(sha256Hex(await readFile(join(dir, files[0])))).toBe(sha256Hex(data));
    expect((await list()).artifacts).toMatchObject([
      { id: created.id, downloads: 0, external: false, version: "1.0", patch_version: null },
    ]);
    const sums = await t.request("/releases/art-tool/1.0/SHA256SUMS");
    expect(await sums.text()).toBe(`${sha256Hex(data)}  dirx-1.0-linux.tar.gz\n`);
    // The same platform and architecture again: 409, and the second file does not stay.
    expect((await upload(target, { name: "again.tar.gz", data: "x" })).status).toBe(409);
    expect(await filesOnDisk()).toEqual(files);
  });

  it("refuses a wrong declared SHA-256 (400) and an upload over ARTIFACT_MAX_BYTES (413), leaving no file", async () => {
    const before = await filesOnDisk();
    const wrong = await upload({ ...target, arch: "arm64", sha256: "0".repeat(64) }, { name: "a.bin", data: "hello" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toHaveProperty("sha256");
    const big = await upload({ ...target, arch: "arm64" }, { name: "big.bin", data: new Uint8Array(200_001) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ status: "error" });
    expect(await filesOnDisk()).toEqual(before);
    expect((await list()).artifacts).toHaveLength(1);
  });

  it("stores a path-like file name under a safe name", async () => {
    const res = await upload({ ...target, platform: "mac", arch: "arm64" }, { name: "../../etc/passwd", data: "root" });
    expect(res.status).toBe(201);
    expect(ArtifactCreatedSchema.parse(await res.json()).filename).toBe("passwd");
    for (const name of await filesOnDisk()) expect(name).toMatch(/^[0-9a-f-]{36}\.bin$/);
  });

  it("refuses an unknown version (404) and bad fields (400), leaving no file", async () => {
    const before = await filesOnDisk();
    expect((await upload({ ...target, version: "9.9", platform: "windows" }, { name: "w.exe", data: "MZ" })).status).toBe(404);
    expect((await upload({ ...target, platform: "beos" }, { name: "w.exe", data: "MZ" })).status).toBe(400);
    const cutOff = { ...admin, "content-type": "multipart/form-data; boundary=xyz" };
    const body = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nhalf a fi';
    expect((await t.request("/api/admin/artifacts", { method: "POST", headers: cutOff, body })).status).toBe(400);
    const noBoundary = { ...admin, "content-type": "multipart/form-data" };
    expect((await t.request("/api/admin/artifacts", { method: "POST", headers: noBoundary, body: "x" })).status).toBe(400);
    expect((await upload({ ...target, platform: "windows" }, { name: "w.exe", data: "MZ" })).status).toBe(201);
    expect((await filesOnDisk()).length).toBe(before.length + 1);
  });

  it("registers an external URL (JSON) and deletes a build no one downloaded", async () => {
    const external = { ...target, platform: "windows", arch: "arm64", filename: "dirx.msi", url: "https://cdn.example.com/dirx.msi" };
    const res = await t.request("/api/admin/artifacts", {
      method: "POST",
      headers: admin,
      json: { ...external, size: 10, sha256: "A".repeat(64) },
    });
    expect(res.status).toBe(201);
    const { id, sha256 } = ArtifactCreatedSchema.parse(await res.json());
    expect(sha256).toBe("a".repeat(64));
    expect((await t.request(`/api/admin/artifacts/${id}`, { method: "DELETE", headers: admin })).status).toBe(200);
    expect((await t.request(`/api/admin/artifacts/${id}`, { method: "DELETE", headers: admin })).status).toBe(404);
  });

  it("refuses an external URL that is not https on a public host name, on the url field; nothing is stored", async () => {
    const external = { ...target, platform: "mac", arch: "arm64", filename: "dirx.dmg", size: 10, sha256: "b".repeat(64) };
    for (const url of [
      "http://cdn.example.com/dirx.dmg",
      "https://203.0.113.7/dirx.dmg",
      "https://2130706433/dirx.dmg",
      "https://[2001:db8::1]/dirx.dmg",
      "https://localhost/dirx.dmg",
      "https://files.localhost/dirx.dmg",
      "https://fileserver/dirx.dmg",
    ]) {
      const res = await t.request("/api/admin/artifacts", { method: "POST", headers: admin, json: { ...external, url } });
      expect(res.status, url).toBe(400);
      expect(Object.keys((await res.json()).errors), url).toEqual(["url"]);
    }
    const listed = await (await t.request(`/api/admin/artifacts?product_id=${target.product_id}`, { headers: admin })).json();
    expect((listed.artifacts as { filename: string }[]).some((a) => a.filename === "dirx.dmg")).toBe(false);
  });

  it("keeps the 64 KB limit on every other route and on a JSON registration; needs an admin", async () => {
    const big = new FormData();
    big.set("file", new Blob([new Uint8Array(70_000)]), "x.bin");
    expect((await t.request("/api/contact-general", { method: "POST", body: big })).status).toBe(413);
    const json = { ...target, filename: "x", url: "https://e.com/x", size: 1, sha256: "a".repeat(64), pad: "x".repeat(70_000) };
    expect((await t.request("/api/admin/artifacts", { method: "POST", headers: admin, json })).status).toBe(413);
    const anonymous = await t.request("/api/admin/artifacts", { method: "POST", body: uploadForm(target, { name: "a", data: "a" }) });
    expect(anonymous.status).toBe(401);
    // A refused upload closes the connection: Node does not read the rest of a large body to keep it.
    expect(anonymous.headers.get("connection")).toBe("close");
  });
});
