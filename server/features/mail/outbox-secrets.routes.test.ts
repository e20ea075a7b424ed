import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { header, startSmtpRelay, waitFor, type SmtpRelay } from "../../../tests/helpers/smtp-relay";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { mailOutbox } from "../../platform/db/schema";
import { startMailSender, type MailSender } from "./mail-sender";

// Secret links in mail (invitations, password resets): the recipient gets a working link through a
// real SMTP relay, while no admin read (the Outbox API, the preview route) ever shows it, the row
// keeps no secret once sent, and Resend mails a new link that voids the old one.
let t: TestApp;
let relay: SmtpRelay;
let sender: MailSender;
let admin: Record<string, string>;
const ORIGIN = "https://admin.example.test";

beforeAll(async () => {
  relay = await startSmtpRelay();
  t = await createTestApp({ config: { MAIL_FROM: "no-reply@example.test", PUBLIC_ORIGIN: ORIGIN, publicOrigin: ORIGIN } });
  admin = (await t.loginAsAdmin()).headers;
  sender = startMailSender({ db: t.database.db, config: { ...t.config, SMTP_URL: relay.url }, now: () => new Date() }, { pollMs: 50 });
});
afterAll(async () => {
  await sender.stop();
  await t.close();
  await relay.stop();
});

const rowOf = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const newestTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox)).filter((r) => r.toAddrs.includes(to)).sort((a, b) => b.id - a.id)[0];
// Quoted-printable as nodemailer writes long lines: soft breaks and =XX escapes.
const unQp = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const TOKEN = /\/admin\/([a-z-]+)#token=([A-Za-z0-9_-]{43})/g;

/** Every link token in the mails the relay delivered with this Message-ID. */
const deliveredTokens = (messageId: string) =>
  relay.received
    .filter((m) => header(m.raw, "message-id") === messageId)
    .flatMap((m) => [...unQp(m.raw).matchAll(TOKEN)].map((match) => match[2]));

/** Everything an admin can read about the mail: the list, the API preview, the preview route. */
async function adminViews(id: number): Promise<string> {
  const list = await (await t.request("/api/admin/outbox?pageSize=100", { headers: admin })).text();
  const api = await t.request(`/api/admin/outbox/${id}`, { headers: admin });
  expect(api.status).toBe(200);
  // The Outbox screen's preview route loads exactly this service call (app/routes/admin/outbox-preview.server.ts).
  const page = await t.services.outbox.preview(id);
  return `${list}\n${await api.text()}\n${JSON.stringify(page)}`;
}

async function sentMail(to: string) {
  const row = await newestTo(to);
  await waitFor(async () => (await rowOf(row.id)).status === "sent", 10_000, "sent");
  const tokens = new Set(deliveredTokens(row.messageId));
  return { row, tokens: [...tokens] };
}

const accept = (token: string, password: string) =>
  t.request("/api/admin/invitations/accept", { method: "POST", json: { token, password } });

describe("secret links in the outbox", () => {
  it("mails a working invitation link that no admin read shows, and keeps no secret once sent", async () => {
    const email = "invited.one@example.com";
    expect((await t.request("/api/admin/admins", { method: "POST", json: { email }, headers: admin })).status).toBe(201);
    const { row, tokens } = await sentMail(email);
    expect(tokens).toHaveLength(1);
    const [token] = tokens;
    const views = await adminViews(row.id);
    expect(views).not.toContain(token);
    const preview = await (await t.request(`/api/admin/outbox/${row.id}`, { headers: admin })).json();
    expect(preview.text).toContain(`${ORIGIN}/admin/invite#token=[hidden]`);
    expect(preview.html).toContain("#token=[hidden]");
    // The stored row: no token in the bodies, and no secret left once sent.
    const stored = await rowOf(row.id);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.secrets).toBeNull();
    expect((await accept(token, "invited one strong password")).status).toBe(200);
  });

  it("Resend of a reset mail mails a new working link and voids the old one", async () => {
    const email = "resetting@example.com";
    await t.services.admins.createOrReset(email, "a long enough secret phrase 1");
    const { done } = await t.services.passwordReset.forgot(email, { clientIp: "10.40.0.1" });
    await done;
    const { row, tokens } = await sentMail(email);
    expect(tokens).toHaveLength(1);
    const old = tokens[0];
    expect(await adminViews(row.id)).not.toContain(old);

    const resent = await t.request(`/api/admin/outbox/${row.id}/resend`, { method: "POST", headers: admin });
    expect(resent.status).toBe(200);
    expect(await resent.text()).not.toContain(old);
    await waitFor(async () => deliveredTokens(row.messageId).some((tk) => tk !== old), 10_000, "the resent mail");
    await waitFor(async () => (await rowOf(row.id)).status === "sent", 10_000, "sent again");
    const fresh = deliveredTokens(row.messageId).find((tk) => tk !== old)!;
    expect(await adminViews(row.id)).not.toContain(fresh);
    expect((await rowOf(row.id)).secrets).toBeNull();

    const reset = (token: string, password: string) =>
      t.request("/api/admin/password/reset", { method: "POST", json: { token, password } });
    expect((await reset(old, "a long enough secret phrase 2")).status).toBe(400);
    expect((await reset(fresh, "a long enough secret phrase 3")).status).toBe(200);
  });

  it("refuses to Resend a link the admin can no longer use", async () => {
    const email = "invited.two@example.com";
    await t.request("/api/admin/admins", { method: "POST", json: { email }, headers: admin });
    const { row, tokens } = await sentMail(email);
    expect((await accept(tokens[0], "invited two strong password")).status).toBe(200);
    const resent = await t.request(`/api/admin/outbox/${row.id}/resend`, { method: "POST", headers: admin });
    expect(resent.status).toBe(409);
    expect(await resent.json()).toMatchObject({ status: "error" });
  });
});
