import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { adminActionContext, answerOf, domainError, formPost, HARNESS_ADMIN as me } from "../../../tests/helpers/admin-action-harness";
import { action } from "./account";

const meta = { clientIp: "203.0.113.9", userAgent: null };
const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);

function contextWith({ enrolled = true, wrongProof = false } = {}) {
  const calls: unknown[][] = [];
  const proofChecked = async (name: string, ...args: unknown[]) => {
    if (wrongProof)
      throw domainError("invalid_input", "The current password is not right.", { current_password: "The current password is not right." });
    calls.push([name, ...args]);
  };
  const context = adminActionContext({
    account: {
      mustEnrol: async () => !enrolled,
      requireEnrolled: async () => {
        if (!enrolled) throw domainError("forbidden", "Set up a second factor first.");
      },
    },
    mfa: {
      setupTotp: async (admin: unknown) => (
        calls.push(["setupTotp", admin]),
        { secret: "JBSWY3DP", qr_svg: "data:image/svg+xml;base64,", otpauth_url: "otpauth://x" }
      ),
      enableTotp: async (admin: unknown, code: string, m: unknown) => {
        if (code !== "123456")
          throw domainError("invalid_input", "That code is not valid. Try again.", { code: "That code is not valid." });
        calls.push(["enableTotp", admin, code, m]);
        return codes;
      },
      removeTotp: (admin: unknown, proof: unknown, m: unknown) => proofChecked("removeTotp", admin, proof, m),
      regenerateRecoveryCodes: async (admin: unknown, proof: unknown, m: unknown) => (
        await proofChecked("regenerate", admin, proof, m),
        codes
      ),
    },
    passkeys: { remove: (admin: unknown, id: number, proof: unknown, m: unknown) => proofChecked("removePasskey", admin, id, proof, m) },
  });
  return { context, calls };
}

const run = (fields: Record<string, string>, context: AppLoadContext) =>
  action({ request: formPost("/dashboard/account", fields), context, params: {} } as Parameters<typeof action>[0]).then(answerOf);

describe("the Account action's second factors", () => {
  it("answers a setup's secret and the recovery codes of a confirmed app in the post's answer", async () => {
    const { context, calls } = contextWith({ enrolled: false });
    const setup = await run({ intent: "totp-setup" }, context);
    expect(setup.body).toMatchObject({ ok: true, value: { setup: { secret: "JBSWY3DP", qr_svg: "data:image/svg+xml;base64," } } });
    // The otpauth URL carries the secret again: the page does not need it, so it is not sent.
    expect(JSON.stringify(setup.body)).not.toContain("otpauth");
    expect(await run({ intent: "totp-enable", code: "12" }, context)).toMatchObject({
      status: 400,
      body: { ok: false, errors: { code: "Enter the 6-digit code from your app." } },
    });
    expect((await run({ intent: "totp-enable", code: "654321" }, context)).body).toMatchObject({
      errors: { code: "That code is not valid." },
    });
    expect((await run({ intent: "totp-enable", code: "123456" }, context)).body).toMatchObject({
      ok: true,
      message: "The authenticator app is set up.",
      value: { recovery_codes: codes },
    });
    expect(calls).toEqual([
      ["setupTotp", me],
      ["enableTotp", me, "123456", meta],
    ]);
  });

  it("removes the app, replaces the codes and removes a passkey with the proof given, empty fields left out", async () => {
    const { context, calls } = contextWith();
    const proof = { current_password: "", code: "123456", recovery_code: "" };
    expect((await run({ intent: "totp-remove", ...proof }, context)).body).toMatchObject({
      ok: true,
      message: "The authenticator app was removed.",
    });
    expect((await run({ intent: "recovery-codes", current_password: "pw" }, context)).body).toMatchObject({
      value: { recovery_codes: codes },
    });
    expect((await run({ intent: "passkey-remove", id: "9", recovery_code: "r-1" }, context)).body).toMatchObject({
      message: "Passkey removed.",
    });
    expect(calls).toEqual([
      ["removeTotp", me, { code: "123456" }, meta],
      ["regenerate", me, { currentPassword: "pw" }, meta],
      ["removePasskey", me, 9, { recoveryCode: "r-1" }, meta],
    ]);
  });

  it("answers a wrong proof by its field, and refuses a removal before enrolment as the API does", async () => {
    const wrong = await run({ intent: "totp-remove", current_password: "nope" }, contextWith({ wrongProof: true }).context);
    expect(wrong).toMatchObject({ status: 400, body: { errors: { current_password: "The current password is not right." } } });
    const { context, calls } = contextWith({ enrolled: false });
    expect((await run({ intent: "recovery-codes", current_password: "pw" }, context)).status).toBe(403);
    expect(calls).toEqual([]);
  });
});
