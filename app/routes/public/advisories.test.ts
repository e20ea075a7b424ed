import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBareVersion, adminActor, advisoryDraft } from "../../../tests/helpers/advisory-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loader as feedLoader } from "./advisories-feed";
import { loadReleases } from "./releases.server";
import { loader as thanksLoader } from "./security-thanks";
import { loader as sitemapLoader } from "./sitemap";
import { loadAdvisories, loadAdvisory } from "./advisories.server";

let t: TestApp;
let context: AppLoadContext;
let id: string;
let draftId: string;
const planted = "Impact:\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))";

beforeAll(async () => {
  t = await createTestApp();
  const actor = await adminActor(t);
  await t.database.db.execute(sql`insert into products (id, name) values ('dirx', 'DirX')`);
  for (const v of ["2.0", "2.1"]) await addBareVersion(t, "dirx", v);
  id = (await t.services.advisories.create(advisoryDraft({ details: planted }), actor)).id;
  await t.services.advisories.publish(id, actor);
  draftId = (await t.services.advisories.create(advisoryDraft({ title: "Still a draft", credits: [{ name: "Draft Credit", consent: true }] }), actor)).id;
  context = { services: t.services } as unknown as AppLoadContext;
});
afterAll(() => t.close());

describe("public advisory pages", () => {
  it("renders the details' Markdown safe: a planted script, image handler and javascript link stay inert", async () => {
    const { detailsHtml, advisory } = await loadAdvisory(id, context);
    expect(advisory).toMatchObject({ id, productName: "DirX", severity: "high", score: "7.5", credits: ["Mira Rao"] });
    expect(detailsHtml).not.toMatch(/<script/i);
    expect(detailsHtml).not.toMatch(/<img/i);
    expect(detailsHtml).not.toMatch(/href="javascript:/i);
    expect(detailsHtml).toContain("&lt;script&gt;");
  });

  it("the release notes mark the version that fixes a published advisory", async () => {
    const notes = (await loadReleases("dirx", context)) as unknown as { data: { fixes: Record<string, { id: string }[]> } };
    expect(notes.data.fixes).toEqual({ "2.1": [{ id, title: advisoryDraft().title, severity: "high" }] });
  });

  it("lists published advisories only; a draft's page is 404", async () => {
    const { advisories } = await loadAdvisories(context);
    expect(advisories.map((a) => a.id)).toEqual([id]);
    await expect(loadAdvisory(draftId, context)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(loadAdvisory("<script>", context)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("the Atom feed has one entry per published advisory, the sitemap lists them, the thanks page names consenting credits", async () => {
    const feed = await feedLoader({ context, params: {}, request: new Request("http://localhost/security/advisories/feed.xml") } as never);
    expect(feed.headers.get("Content-Type")).toContain("application/atom+xml");
    const xml = await feed.text();
    expect(xml.match(/<entry>/g)).toHaveLength(1);
    expect(xml).toContain(`/security/advisories/${id}`);
    expect(xml).not.toContain("Still a draft");
    const sitemap = await (await sitemapLoader({ context, params: {}, request: new Request("http://localhost/sitemap.xml") } as never)).text();
    expect(sitemap).toContain("/security/advisories</loc>");
    expect(sitemap).toContain(`/security/advisories/${id}</loc>`);
    expect(sitemap).not.toContain(draftId);
    const thanks = await thanksLoader({ context, params: {}, request: new Request("http://localhost/security/thanks") } as never);
    expect(thanks.map((c) => c.name)).toEqual(["Mira Rao"]);
  });
});
