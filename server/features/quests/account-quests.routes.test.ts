import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestSettingsSchema } from "../../../contract/quest-settings";
import { MyQuestSubmissionsSchema } from "../../../contract/quest-submissions";
import { signIn } from "../../../tests/helpers/account-fixtures";
import { addSaleVersion } from "../../../tests/helpers/store-fixtures";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// The participant's account lists their own submissions with the team's note and what a paid one
// won (licence order, coupon code, cash payment), and nothing of another participant's.
let t: TestApp;
let admin: Record<string, string>;
let n = 0;
const actor = { adminId: null, ip: "127.0.0.1" } as never;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.loginAsAdmin()).headers;
  await addSaleVersion(t, "quest-prize-tool", "2.0");
});
afterAll(() => t.close());

async function quest(settings: Record<string, unknown>) {
  const res = await t.request("/api/devquests", {
    method: "POST",
    headers: admin,
    json: { title: `Account quest ${++n}`, description: "Do it", prize: "A prize" },
  });
  const { quest: created } = await res.json();
  await t.services.questSettings.save(
    created.id,
    QuestSettingsSchema.parse({ status: "open", kind: "submission", winners: 2, ...settings }),
    actor,
  );
  return created.id as number;
}

async function submit(questId: number, headers: Record<string, string>, body: string): Promise<number> {
  const res = await t.request(`/api/quests/${questId}/submissions`, {
    method: "POST",
    headers,
    json: { body, display_name: `Player ${++n}` },
  });
  expect(res.status).toBe(201);
  return (await res.json()).submission.id;
}

/** The admin's moves up to `to`, each with its note. */
async function review(questId: number, id: number, moves: Record<string, unknown>[]): Promise<{ prize_coupon_code: string | null }> {
  let last = { prize_coupon_code: null };
  for (const move of moves) {
    const res = await t.request(`/api/admin/quests/${questId}/submissions/${id}/state`, { method: "POST", headers: admin, json: move });
    expect(res.status).toBe(200);
    last = (await res.json()).submission;
  }
  return last;
}

const mine = async (headers: Record<string, string>) => {
  const res = await t.request("/api/account/quests", { headers });
  expect(res.status).toBe(200);
  return MyQuestSubmissionsSchema.parse(await res.json()).submissions;
};

describe("the account's quest submissions", () => {
  it("show the participant's own notes and prizes (licence order, coupon, cash) and none of another participant's", async () => {
    const ada = await signIn(t, `ada-${Date.now()}@example.com`);
    const bob = await signIn(t, `bob-${Date.now()}@example.com`);
    const licenceQuest = await quest({ prize_kind: "licence", prize_product_id: "quest-prize-tool", prize_version: "2.0" });
    const couponQuest = await quest({ prize_kind: "coupon", prize_product_id: "quest-prize-tool", prize_percent: 30 });
    const cashQuest = await quest({ prize_kind: "cash", prize_amount: "750" });

    const adaLicence = await submit(licenceQuest, ada, "ada licence");
    const adaCoupon = await submit(couponQuest, ada, "ada coupon");
    const bobLicence = await submit(licenceQuest, bob, "bob licence");
    const bobCash = await submit(cashQuest, bob, "bob cash");
    const toPaid = (note: string, cash: Record<string, string> = {}) => [
      { state: "triaged" },
      { state: "accepted" },
      { state: "paid", note, ...cash },
    ];
    await review(licenceQuest, adaLicence, toPaid("Ada: the licence is yours."));
    const { prize_coupon_code: couponCode } = await review(couponQuest, adaCoupon, toPaid("Ada: here is your coupon."));
    await review(licenceQuest, bobLicence, [{ state: "triaged" }, { state: "needs_info", note: "Bob: which build did you test?" }]);
    await review(
      cashQuest,
      bobCash,
      toPaid("Bob: paid by bank.", { cash_method: "NEFT", cash_reference: "UTR-BOB-9", cash_amount: "750.50", cash_paid_on: "2026-11-27" }),
    );

    const adaSees = await mine(ada);
    expect(adaSees.map((s) => s.id).sort()).toEqual([adaLicence, adaCoupon].sort());
    const licence = adaSees.find((s) => s.id === adaLicence)!;
    expect(licence.publicNote).toBe("Ada: the licence is yours.");
    expect(licence.prize).toMatchObject({ kind: "licence", product_name: "quest-prize-tool Tool", version: "2.0" });
    // The prize order is one of Ada's own orders, with its licence: the account shows its key there.
    const account = await (await t.request("/api/account", { headers: ada })).json();
    const order = account.orders.find(
      (o: { order_id: number }) => licence.prize?.kind === "licence" && o.order_id === licence.prize.order_id,
    );
    expect(order?.licence?.id).toBe(licence.prize?.kind === "licence" ? licence.prize.licence_id : -1);
    const coupon = adaSees.find((s) => s.id === adaCoupon)!;
    expect(coupon.publicNote).toBe("Ada: here is your coupon.");
    expect(couponCode).toBeTruthy();
    expect(coupon.prize).toEqual({ kind: "coupon", code: couponCode, percent: 30, product_name: "quest-prize-tool Tool", version: "2.0" });

    const bobSees = await mine(bob);
    expect(bobSees.map((s) => s.id).sort()).toEqual([bobLicence, bobCash].sort());
    expect(bobSees.find((s) => s.id === bobLicence)).toMatchObject({
      state: "needs_info",
      publicNote: "Bob: which build did you test?",
      prize: null,
    });
    expect(bobSees.find((s) => s.id === bobCash)).toMatchObject({
      publicNote: "Bob: paid by bank.",
      prize: { kind: "cash", method: "NEFT", reference: "UTR-BOB-9", amount: 750.5, paid_on: "2026-11-27" },
    });

    // Neither answer carries anything of the other participant's submissions.
    const adaText = JSON.stringify(adaSees);
    const bobText = JSON.stringify(bobSees);
    for (const other of ["Bob:", "UTR-BOB-9", "NEFT", "bob "]) expect(adaText).not.toContain(other);
    for (const other of ["Ada:", couponCode as string, "ada "]) expect(bobText).not.toContain(other);
    expect((await t.request("/api/account/quests")).status).toBe(401);
  });
});
