import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addVersions, versionInput } from "../../../tests/helpers/product-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loader as feedLoader } from "./releases-feed";
import { loader as pageLoader } from "./releases";
import { loader as sitemapLoader } from "./sitemap";

let t: TestApp;
let context: AppLoadContext;
beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await t.loginAsAdmin();
  await addVersions(t, headers, "rf-tool", ["3.0"]);
  await t.request("/api/oni/add/product/version", { method: "POST", headers, json: versionInput("rf-tool", "4.0", { draft: true }) });
  for (const version of ["1.0", "1.1"])
    await t.request("/api/oni/add/product/version", { method: "POST", headers, json: versionInput("rf-secret", version, { draft: true }) });
  context = { services: t.services } as unknown as AppLoadContext;
});
afterAll(() => t.close());

const args = (productId: string) => ({ params: { productId }, context, request: new Request(`http://localhost/releases/${productId}`) }) as never;

describe("release notes page, feed and sitemap", () => {
  it("the feed lists published versions, never drafts; 404 for an unknown product", async () => {
    const res = await feedLoader(args("rf-tool"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await res.text();
    expect(xml).toContain("<![CDATA[rf-tool Suite 3.0]]></title>");
    expect(xml).toContain("/releases/rf-tool#v3.0");
    // Entry titles and anchors, not the bare "4.0": a timestamp such as 15:54:14.038Z contains it.
    expect(xml).not.toContain("Suite 4.0");
    expect(xml).not.toContain("#v4.0");
    expect(xml.match(/<entry>/g)).toHaveLength(1);
    expect((await feedLoader(args("no-such-tool"))).status).toBe(404);
  });

  it("the page's loader answers the releases, and 404 for an unknown product", async () => {
    const page = (await pageLoader(args("rf-tool"))) as unknown as { data: { found: { releases: { version: string }[] } }; init: { status: number } };
    expect(page.init.status).toBe(200);
    expect(page.data.found.releases.map((r) => r.version)).toEqual(["3.0"]);
    const missing = (await pageLoader(args("no-such-tool"))) as unknown as { data: { found: null }; init: { status: number } };
    expect(missing.init.status).toBe(404);
    expect(missing.data.found).toBeNull();
  });

  it("a product with its own page answers 404 alike before it is in the catalogue and while its versions are all drafts", async () => {
    type Answer = { data: { found: unknown; productPage: string | null }; init: { status: number } };
    const before = (await pageLoader(args("dirx"))) as unknown as Answer;
    expect(before.init.status).toBe(404);
    expect(before.data).toMatchObject({ found: null, productPage: "/products/cyber/webtools/dirx" });
    const feedBefore = await feedLoader(args("dirx"));
    expect(feedBefore.status).toBe(404);

    const { headers } = await t.loginAsAdmin();
    const draft = await t.request("/api/oni/add/product/version", { method: "POST", headers, json: versionInput("dirx", "9.0", { draft: true }) });
    expect(draft.status).toBe(201);
    const drafts = (await pageLoader(args("dirx"))) as unknown as Answer;
    expect(drafts.init.status).toBe(404);
    // The same answer as before the draft existed: nothing tells that dirx has a draft, nor its name.
    expect(drafts.data).toEqual(before.data);
    const feedDrafts = await feedLoader(args("dirx"));
    expect(feedDrafts.status).toBe(404);
    expect(await feedDrafts.text()).toBe(await feedBefore.text());
    expect((await t.request("/api/releases/dirx")).status).toBe(404);
  });

  it("a product whose versions are all drafts is unknown to the public: its page, feed and JSON answer 404", async () => {
    expect((await feedLoader(args("rf-secret"))).status).toBe(404);
    const page = (await pageLoader(args("rf-secret"))) as unknown as { data: { found: unknown }; init: { status: number } };
    expect(page.init.status).toBe(404);
    expect(page.data.found).toBeNull();
    const json = await t.request("/api/releases/rf-secret");
    expect(json.status).toBe(404);
    expect(await json.text()).not.toContain("Suite");
    expect((await t.request("/api/releases/rf-tool")).status).toBe(200);
  });

  it("the sitemap lists the release notes of products with a public release", async () => {
    const xml = await (await sitemapLoader({ context } as never)).text();
    expect(xml).toContain("/releases/rf-tool</loc>");
  });
});
