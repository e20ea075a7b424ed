import { generate } from "otplib";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import type { LoginAnswer } from "../../lib/login-answer";
import { loginAction } from "./login.server";

// The login page's action on the real services: the session it starts is the one the API starts,
// under the same throttle, audit and second-factor rules.
let clock = Date.parse("2026-11-24T10:00:10Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

let ipCounter = 0;
const contextFor = (clientIp: string, https = false) =>
  ({ services: t.services, config: t.config, https, clientIp }) as unknown as AppLoadContext;
const freshContext = () => contextFor(`10.30.0.${++ipCounter}`);
const post = (fields: Record<string, string>, origin = "http://shop.test") =>
  new Request("http://shop.test/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin, host: "shop.test", "user-agent": "test browser" },
  });
type DataAnswer = { data: LoginAnswer; init: { status: number } | null };
const answerOf = (result: unknown): { status: number; body: LoginAnswer } =>
  result && typeof result === "object" && "init" in result
    ? { status: (result as DataAnswer).init?.status ?? 200, body: (result as DataAnswer).data }
    : { status: 200, body: result as LoginAnswer };
// Signed in, the action throws its redirect (React Router follows a thrown Response as a returned one).
const redirected = (answer: Promise<unknown>) =>
  answer.then(
    (value) => {
      throw new Error(`expected a redirect, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as Response,
  );
const sessionFrom = (response: Response) => /^session_id=([^;]+);/.exec(response.headers.get("set-cookie") ?? "")?.[1];
const errorsOf = (answer: LoginAnswer) => (answer.ok ? {} : answer.errors);
const codeAt = (secret: string, ms = clock) => generate({ secret, epoch: Math.floor(ms / 1000) });

const auditActions = async (email: string) => (await t.services.audit.list({ admin: email })).items.map((row) => row.action);

describe("the login page's action", () => {
  it("signs in with the password: the API's cookie, an audited session, and a redirect to the safe next", async () => {
    await t.services.admins.createOrReset("page-login@example.com", "page login password 1");
    const context = freshContext();
    const response = await redirected(
      loginAction(
        post({ intent: "password", email: "page-login@example.com", password: "page login password 1", next: "/dashboard/orders?q=1" }),
        context,
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/orders?q=1");
    expect(response.headers.get("set-cookie")).toMatch(/^session_id=[^;]+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await t.services.auth.sessionAdmin(sessionFrom(response))).toMatchObject({ email: "page-login@example.com" });
    expect(await auditActions("page-login@example.com")).toContain("login.success");

    // A foreign next becomes the overview; over HTTPS the cookie is the __Host- one, Secure.
    const https = await redirected(
      loginAction(
        post({ intent: "password", email: "page-login@example.com", password: "page login password 1", next: "https://evil.test/" }),
        contextFor("10.30.1.1", true),
      ),
    );
    expect(https.headers.get("location")).toBe("/dashboard/overview");
    expect(https.headers.get("set-cookie")).toMatch(/^__Host-session_id=[^;]+;.*Secure/);
  });

  it("answers a wrong password by the password field, counted by the same throttle as the API", async () => {
    await t.services.admins.createOrReset("page-wrong@example.com", "page wrong password 1");
    const context = freshContext();
    const wrong = answerOf(await loginAction(post({ email: "page-wrong@example.com", password: "not it at all" }), context));
    expect(wrong).toEqual({
      status: 401,
      body: {
        ok: false,
        message: "Invalid email or password.",
        errors: { password: "Invalid email or password." },
        value: { email: "page-wrong@example.com" },
      },
    });
    // A bad e-mail: the contract's message by its field.
    const invalid = answerOf(await loginAction(post({ email: "nope", password: "x" }), context));
    expect(invalid.status).toBe(400);
    expect(errorsOf(invalid.body).email).toBe("Enter a valid e-mail address.");
    // Four more wrong passwords lock the address for this client, as the API does.
    for (let i = 0; i < 4; i++) await loginAction(post({ email: "page-wrong@example.com", password: "still wrong" }), context);
    const locked = answerOf(await loginAction(post({ email: "page-wrong@example.com", password: "page wrong password 1" }), context));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many login attempts/);
    expect(errorsOf(locked.body)).toEqual({});
  });

  it("refuses a post from another site before reading it", async () => {
    await expect(loginAction(post({ email: "a@example.com", password: "x" }, "https://evil.test"), freshContext())).rejects.toMatchObject({
      init: { status: 403 },
    });
  });

  it("with TOTP enrolled answers the second step, whose token travels in the form, then signs in with the code", async () => {
    const email = "page-mfa@example.com";
    const password = "page mfa password 1";
    const { id } = await t.services.admins.createOrReset(email, password);
    const { secret } = await t.services.mfa.setupTotp({ id, email });
    const recoveryCodes = await t.services.mfa.enableTotp({ id, email }, await codeAt(secret), { clientIp: "10.30.9.9" });
    clock += 30_000; // the enrolment code's step is spent
    const context = freshContext();

    const first = answerOf(await loginAction(post({ intent: "password", email, password }), context));
    expect(first.status).toBe(200);
    expect(first.body.value?.secondStep).toMatchObject({ methods: ["totp", "recovery_code"], mode: "totp" });
    const step = first.body.value!.secondStep!;
    const pending = { mfa_token: step.mfaToken, methods: step.methods.join(","), next: "/dashboard/quests" };

    // Without JavaScript the switch to a recovery code is a post that only flips the mode.
    const switched = answerOf(await loginAction(post({ ...pending, intent: "switch", mode: "totp" }), context));
    expect(switched.body.value?.secondStep).toEqual({ ...step, mode: "recovery" });

    const wrong = answerOf(await loginAction(post({ ...pending, intent: "mfa", mode: "totp", code: "000000" }), context));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ ok: false, errors: { code: "That code is not valid. Try again." }, value: { secondStep: step } });
    const notSix = answerOf(await loginAction(post({ ...pending, intent: "mfa", mode: "totp", code: "12" }), context));
    expect(errorsOf(notSix.body).code).toBe("Enter the 6-digit code from your app.");

    const done = await redirected(loginAction(post({ ...pending, intent: "mfa", mode: "totp", code: await codeAt(secret) }), context));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/quests");
    expect(await t.services.auth.sessionAdmin(sessionFrom(done))).toMatchObject({ email });
    // The step's token was used once.
    const again = answerOf(await loginAction(post({ ...pending, intent: "mfa", mode: "recovery", code: recoveryCodes[0] }), context));
    expect(again.status).toBe(401);
    expect(errorsOf(again.body).code).toMatch(/expired/);
    expect(await auditActions(email)).toEqual(expect.arrayContaining(["login.password_ok", "login.mfa_failure", "login.success"]));
  });

  it("without a readable pending step asks to start again", async () => {
    const lost = answerOf(
      await loginAction(post({ intent: "mfa", mfa_token: "", methods: "totp", mode: "totp", code: "123456" }), freshContext()),
    );
    expect(lost.status).toBe(400);
    expect(lost.body.value?.secondStep).toBeUndefined();
    expect(lost.body.message).toMatch(/Start again/);
  });
});
