import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loadAccount } from "./account.server";

// The /account page's loader: the Quests part carries the participant's own notes and prizes only.
let t: TestApp;
let admin: Record<string, string>;
const actor = { adminId: null, ip: "127.0.0.1" } as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "loader-prize", "1.0");
});
afterAll(() => t.close());

const context = () => ({ services: t.services, config: t.config, https: false }) as unknown as AppLoadContext;
const load = async (cookie: string) => {
  const answer = (await loadAccount(new Request("http://localhost/account", { headers: { cookie } }), context())) as unknown as {
    data: Awaited<ReturnType<TestApp["services"]["customerAccount"]["read"]>> & {
      quests: Awaited<ReturnType<TestApp["services"]["questSubmissions"]["mine"]>>;
    };
  };
  return answer.data;
};

async function move(questId: number, id: number, json: Record<string, unknown>) {
  const res = await t.request(`/api/admin/quests/${questId}/submissions/${id}/state`, { method: "POST", headers: admin, json });
  expect(res.status).toBe(200);
}

describe("the account page's loader", () => {
  it("returns the participant's own notes and licence prize, never another participant's", async () => {
    const created = await t.request("/api/devquests", {
      method: "POST",
      headers: admin,
      json: { title: "Loader quest", description: "d", prize: "A licence" },
    });
    const questId = (await created.json()).quest.id as number;
    const settings = { status: "open", kind: "submission", winners: 1, prize_kind: "licence", prize_product_id: "loader-prize", prize_version: "1.0" };
    await t.services.questSettings.save(questId, QuestSettingsSchema.parse(settings), actor);
    const winner = await signIn(t, "loader-winner@example.com");
    const other = await signIn(t, "loader-other@example.com");
    const ids: number[] = [];
    for (const [headers, body] of [
      [winner, "winner's steps"],
      [other, "other's steps"],
    ] as const) {
      const res = await t.request(`/api/quests/${questId}/submissions`, { method: "POST", headers, json: { body, display_name: "Name" } });
      ids.push((await res.json()).submission.id);
    }
    for (const json of [{ state: "triaged" }, { state: "accepted" }, { state: "paid", note: "Winner: enjoy the licence." }]) await move(questId, ids[0], json);
    await move(questId, ids[1], { state: "triaged" });
    await move(questId, ids[1], { state: "duplicate", note: "Other: this repeats an earlier find." });

    const mine = await load(winner.cookie);
    expect(mine.quests).toHaveLength(1);
    expect(mine.quests[0]).toMatchObject({ id: ids[0], state: "paid", publicNote: "Winner: enjoy the licence." });
    const prize = mine.quests[0].prize;
    expect(prize).toMatchObject({ kind: "licence", product_name: "loader-prize Tool", version: "1.0" });
    // The prize order is listed with the account's orders, where its licence key is revealed.
    const order = mine.orders.find((o) => prize?.kind === "licence" && o.order_id === prize.order_id);
    expect(order?.licence?.id).toBeGreaterThan(0);

    const theirs = await load(other.cookie);
    expect(theirs.quests).toHaveLength(1);
    expect(theirs.quests[0]).toMatchObject({ id: ids[1], state: "duplicate", publicNote: "Other: this repeats an earlier find.", prize: null });
    expect(theirs.orders).toHaveLength(0);
    expect(JSON.stringify(theirs)).not.toContain("Winner:");
    expect(JSON.stringify(mine)).not.toContain("Other:");
  });
});
