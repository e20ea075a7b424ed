import { eq } from "drizzle-orm";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { signIn } from "../../../tests/helpers/account-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { questSubmissions } from "../../platform/db/schema";

// The quest page's multipart form (no JavaScript needed): streamed like the API's upload, answered
// by a 303 to the quest page; refused ones keep nothing; cross-site posts are refused.
let t: TestApp;
let dataDir: string;
let questId: number;
const actor = { adminId: null, ip: "127.0.0.1" } as never;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "quest-form-"));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  const admin = (await t.loginAsAdmin()).headers;
  const res = await t.request("/api/devquests", {
    method: "POST",
    headers: admin,
    json: { title: "Form quest", description: "d", prize: "$5" },
  });
  questId = (await res.json()).quest.id;
  await t.services.questSettings.save(
    questId,
    QuestSettingsSchema.parse({ status: "open", kind: "submission", prize_kind: "cash", winners: 1 }),
    actor,
  );
});
afterAll(() => t.close());

const form = (fields: Record<string, string>, file?: { name: string; text: string }) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("file", file ? new File([file.text], file.name) : new File([], ""));
  return body;
};
// A browser's form post: the cookie and the page's own Origin, no X-Requested-With.
const post = (cookie: string, body: FormData, origin = "http://localhost") =>
  t.request(`/quests/${questId}/submission`, { method: "POST", headers: { cookie, origin, host: "localhost" }, body });
const files = async () => (await readdir(join(dataDir, "quest-attachments")).catch(() => [])).filter((f) => !f.endsWith(".partial"));

describe("the quest page's multipart form", () => {
  it("stores text, links and the file and answers 303 to the quest page; an edit replaces them", async () => {
    const { cookie } = await signIn(t, "form-player@example.com");
    const res = await post(
      cookie,
      form(
        { display_name: "Form Player", body: "Steps", links: "https://example.com/a\nhttps://example.com/b" },
        { name: "poc.txt", text: "proof" },
      ),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/quests/${questId}?sent=1`);
    const [row] = await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.questId, questId));
    expect(row).toMatchObject({
      body: "Steps",
      links: ["https://example.com/a", "https://example.com/b"],
      attachmentName: "poc.txt",
      attachmentSize: 5,
    });
    expect(await readFile(join(dataDir, "quest-attachments", row.attachmentStorageName!), "utf8")).toBe("proof");

    // The form's hidden edit field changes the submission; an empty file input keeps the attachment.
    const edited = await post(cookie, form({ edit: "true", body: "Better steps", links: "" }));
    expect(edited.status).toBe(303);
    const [after] = await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.id, row.id));
    expect(after).toMatchObject({ body: "Better steps", links: [], attachmentName: "poc.txt" });
  });

  it("refuses a bad field with its message and keeps nothing; signed out goes back to the page; another site's post is 403", async () => {
    const { cookie } = await signIn(t, "form-refused@example.com");
    const before = await files();
    // No app build in these tests: the refusal is its sentence (the e2e spec sees it on the page).
    const refused = await post(
      cookie,
      form({ display_name: "R", body: "x", links: "ftp://example.com/" }, { name: "a.txt", text: "data" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/http/);
    expect(await files()).toEqual(before);
    const signedOut = await post("", form({ display_name: "R", body: "x" }));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe(`/quests/${questId}`);
    expect((await post(cookie, form({ display_name: "R", body: "x" }), "https://evil.example")).status).toBe(403);
    const rows = await t.database.db.select().from(questSubmissions).where(eq(questSubmissions.questId, questId));
    expect(rows).toHaveLength(1);
  });
});
