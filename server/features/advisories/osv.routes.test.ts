import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OSV_SCHEMA_VERSION, OsvSchema } from "../../../contract/osv";
import { addBareVersion, adminActor, advisoryDraft } from "../../../tests/helpers/advisory-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
let actor: { adminId: number; clientIp: string };
let published: string;
let draftId: string;
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

beforeAll(async () => {
  t = await createTestApp();
  actor = await adminActor(t);
  await t.database.db.execute(sql`insert into products (id, name) values ('dirx', 'DirX')`);
  for (const v of ["2.0", "2.1"]) await addBareVersion(t, "dirx", v);
  published = (await t.services.advisories.create(advisoryDraft({ cve_id: "CVE-2026-40002" }), actor)).id;
  await t.services.advisories.publish(published, actor);
  draftId = (await t.services.advisories.create(advisoryDraft(), actor)).id;
});
afterAll(() => t.close());

const getJson = (id: string) => t.request(`/security/advisories/${id}.json`);

describe("GET /security/advisories/:id.json (OSV)", () => {
  it("serves a published advisory that the OSV schema accepts, field by field", async () => {
    const res = await getJson(published);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as Record<string, unknown>;
    const osv = OsvSchema.parse(body);
    expect(osv.schema_version).toBe(OSV_SCHEMA_VERSION);
    expect(osv.id).toBe(published);
    expect(osv.modified).toMatch(RFC3339_UTC);
    expect(osv.published).toMatch(RFC3339_UTC);
    expect("withdrawn" in body).toBe(false);
    expect(osv.aliases).toEqual(["CVE-2026-40002"]);
    expect(osv.summary).toBe(advisoryDraft().summary);
    expect(osv.details).toBe(advisoryDraft().details);
    expect(osv.severity).toEqual([{ type: "CVSS_V3", score: advisoryDraft().cvss_vector }]);
    expect(osv.affected).toEqual([
      {
        package: { ecosystem: t.config.site.name, name: "dirx" },
        ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "2.0" }, { fixed: "2.1" }] }],
        database_specific: { product_name: "DirX" },
      },
    ]);
    expect(osv.references?.[0]).toEqual({ type: "ADVISORY", url: `${t.config.publicOrigin}/security/advisories/${published}` });
    // Only the credit who agreed to be named.
    expect(osv.credits).toEqual([{ name: "Mira Rao", type: "FINDER" }]);
  });

  it("marks a withdrawn advisory with its withdrawn time", async () => {
    const id = (await t.services.advisories.create(advisoryDraft(), actor)).id;
    await t.services.advisories.publish(id, actor);
    await t.services.advisories.withdraw(id, actor);
    const osv = OsvSchema.parse(await (await getJson(id)).json());
    expect(osv.withdrawn).toMatch(RFC3339_UTC);
  });

  it("answers 404 for a draft and for an unknown id", async () => {
    expect((await getJson(draftId)).status).toBe(404);
    expect((await getJson("ONI-1999-001")).status).toBe(404);
  });

  it("the schema refuses what the specification forbids", () => {
    const good = { schema_version: "1.6.0", id: "ONI-2026-001", modified: "2026-11-28T10:00:00Z" };
    expect(OsvSchema.safeParse(good).success).toBe(true);
    expect(OsvSchema.safeParse({ ...good, modified: "2026-11-28T15:30:00+05:30" }).success).toBe(false);
    expect(OsvSchema.safeParse({ ...good, severity: [{ type: "CVSS_V31", score: "x" }] }).success).toBe(false);
    const range = (events: unknown[]) => ({
      ...good,
      affected: [{ package: { ecosystem: "E", name: "n" }, ranges: [{ type: "ECOSYSTEM", events }] }],
    });
    expect(OsvSchema.safeParse(range([{ fixed: "2.1" }])).success).toBe(false);
    expect(OsvSchema.safeParse(range([{ introduced: "2.0", fixed: "2.1" }])).success).toBe(false);
    expect(OsvSchema.safeParse({ ...good, unknown_field: 1 }).success).toBe(false);
  });
});
