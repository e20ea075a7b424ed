import type { TestApp } from "./test-app";

/** A valid add-version body; each test file passes its own product ids, so no rows are shared. */
export const versionInput = (productId: string, version: string, overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  product_name: `${productId} Suite`,
  version,
  os: ["linux", "mac"],
  ram: "8 GB",
  gpu: "none",
  processor: "x86_64 or arm64",
  storage: "200 MB",
  network: "internet for updates",
  amount: 19.99,
  features: ["Fast scan"],
  external: [{ name: "nmap", os: "linux", link: "https://nmap.org", version: "7.94" }],
  python: [{ name: "requests", version: "2.32" }],
  ...overrides,
});

/** Adds product versions through the API as the logged-in admin; throws unless each answers 201. */
export async function addVersions(t: TestApp, headers: Record<string, string>, productId: string, versions: string[]) {
  for (const version of versions) {
    const res = await t.request("/api/oni/add/product/version", { method: "POST", headers, json: versionInput(productId, version) });
    if (res.status !== 201) throw new Error(`add ${productId} ${version}: ${res.status} ${await res.text()}`);
  }
}
