import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Context } from "hono";
import { AuthCheckResponseSchema, LoginResponseSchema, LoginSchema } from "../../../contract/auth";
import { SuccessMessageSchema } from "../../../contract/common";
import {
  LoginMfaRequiredSchema,
  LoginMfaSchema,
  PasskeyLoginOptionsSchema,
  PasskeyLoginSchema,
  WebAuthnOptionsSchema,
} from "../../../contract/identity";
import { clearSessionCookie, setSessionCookie } from "../../platform/http/session-cookie";
import { SESSION_ABSOLUTE_MS } from "./auth";
import { clientMeta, requestOrigin } from "../../api/client-meta";
import { defineOperation } from "../../api/operation";
import type { AdminEnv } from "../../api/require-admin";

/** The login answer of `POST /api/admin/login` (docs/api.md), with the session cookie. */
function loggedIn(c: Context<AdminEnv>, token: string) {
  setSessionCookie(c, token, c.get("https"), SESSION_ABSOLUTE_MS / 1000);
  return { status: "success" as const, auth_token: token, message: "Login successful!" };
}

export const authOperations = [
  defineOperation({
    method: "post",
    path: "/admin/login",
    operationId: "adminLogin",
    tags: ["Auth"],
    summary: "Log in as an administrator",
    description:
      "Checks the e-mail and password (argon2id), starts a session and sets it as an HttpOnly cookie; the token is in the answer too, " +
      "for API clients. Throttled per client address and per account. With a second factor enrolled it answers " +
      '`{status: "mfa_required", mfa_token, methods}` and starts no session until the second step.',
    body: LoginSchema,
    ok: [200, LoginResponseSchema.or(LoginMfaRequiredSchema)],
    errors: [400, 401, 415, 429],
    handler: async (c, { body }) => {
      const result = await c.get("services").auth.login(body.email, body.password, clientMeta(c));
      if (result.kind === "mfa") return { status: "mfa_required" as const, mfa_token: result.mfaToken, methods: result.methods };
      return loggedIn(c, result.token);
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/login/mfa",
    operationId: "adminLoginSecondStep",
    tags: ["Auth"],
    summary: "Second login step with a TOTP code or a recovery code",
    description:
      "Completes a login that answered mfa_required. A TOTP code is accepted once; a recovery code once. Wrong codes count toward " +
      "the same per-account lockout as wrong passwords.",
    body: LoginMfaSchema,
    ok: [200, LoginResponseSchema],
    errors: [400, 401, 415, 429],
    handler: async (c, { body }) => {
      const proof = { code: body.code, recoveryCode: body.recovery_code };
      const { token } = await c.get("services").auth.completeMfa(body.mfa_token, proof, clientMeta(c));
      return loggedIn(c, token);
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/login/passkey/options",
    operationId: "adminPasskeyLoginOptions",
    tags: ["Auth"],
    summary: "WebAuthn options to sign in with a passkey",
    description:
      "A single-use challenge (5 minutes). With the password step's mfa_token it is bound to that admin and lists only their passkeys. " +
      "Counts toward the per-address login limit.",
    body: PasskeyLoginOptionsSchema,
    ok: [200, WebAuthnOptionsSchema],
    errors: [400, 401, 415, 429],
    handler: async (c, { body }) => ({
      status: "success" as const,
      options: (await c.get("services").passkeys.loginOptions(requestOrigin(c), clientMeta(c), body.mfa_token)) as unknown as Record<
        string,
        unknown
      >,
    }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/login/passkey",
    operationId: "adminPasskeyLogin",
    tags: ["Auth"],
    summary: "Sign in with a passkey",
    description:
      "Verifies the assertion (origin, RP ID, signature, single-use challenge) and starts a session; a passkey is itself multi-factor.",
    body: PasskeyLoginSchema,
    ok: [200, LoginResponseSchema],
    errors: [400, 401, 415, 429],
    handler: async (c, { body }) => {
      const response = body.response as unknown as AuthenticationResponseJSON;
      const { token } = await c.get("services").passkeys.login(response, requestOrigin(c), clientMeta(c));
      return loggedIn(c, token);
    },
  }),
  defineOperation({
    method: "get",
    path: "/check/auth/admin",
    operationId: "checkAdminSession",
    tags: ["Auth"],
    summary: "Check the admin session",
    description: "Answers the signed-in admin's e-mail, or 401 when the session is missing or has expired.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, AuthCheckResponseSchema],
    handler: (c) => ({ status: "success", admin: { email: c.get("admin").email } }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/logout",
    operationId: "adminLogout",
    tags: ["Auth"],
    summary: "Log out (revokes the session)",
    description: "Revokes the session used for this call and clears the session cookie.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, SuccessMessageSchema],
    handler: async (c) => {
      await c.get("services").auth.logout(c.get("sessionToken"), c.get("admin").id, c.get("clientIp"));
      clearSessionCookie(c, c.get("https"));
      return { status: "success", message: "Logged out." };
    },
  }),
];
