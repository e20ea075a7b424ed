import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadForm } from "../../../tests/helpers/artifact-fixtures";
import { tempDir } from "../../../tests/helpers/minisign-cli";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loader } from "./releases";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { ARTIFACTS_DIR: await tempDir("notes-sig-") } });
  const { headers } = await t.loginAsAdmin();
  await addSaleVersion(t, "notes-sig", "1.0", { amountMinor: 0, forSale: false });
  const fields = { product_id: "notes-sig", version: "1.0", platform: "linux", arch: "x86_64" };
  const res = await t.request("/api/admin/artifacts", { method: "POST", headers, body: uploadForm(fields, { name: "n.tgz", data: "build" }) });
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

type Page = { data: { builds: Record<string, { filename: string; signed: boolean }[]>; releaseKey: { keyId: string; line: string } } };

describe("release notes page and signatures", () => {
  it("lists each version's builds as signed, with the key line its check command shows", async () => {
    const context = { services: t.services } as unknown as AppLoadContext;
    const page = (await loader({ params: { productId: "notes-sig" }, context, request: new Request("http://x/") } as never)) as unknown as Page;
    expect(page.data.builds["1.0"]).toMatchObject([{ filename: "n.tgz", signed: true }]);
    const pub = (await (await t.request("/releases/minisign.pub")).text()).split("\n");
    expect(page.data.releaseKey.line).toBe(pub[1]);
    expect(pub[0]).toBe(`untrusted comment: minisign public key ${page.data.releaseKey.keyId}`);
  });
});
