import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { SuccessMessageSchema } from "../../../contract/common";
import {
  AuditListSchema,
  AuditQuerySchema,
  FactorChangeSchema,
  IdParamSchema,
  IntIdParamSchema,
  MfaStatusSchema,
  PasskeyRegisteredSchema,
  PasskeyRegisterSchema,
  PasswordChangeSchema,
  RecoveryCodesResponseSchema,
  SessionListSchema,
  TotpEnableSchema,
  TotpSetupResponseSchema,
  WebAuthnOptionsSchema,
} from "../../../contract/identity";
import type { FactorChange } from "../../../contract/identity";
import { clientMeta, requestOrigin } from "../../api/client-meta";
import { defineOperation } from "../../api/operation";

const proofOf = (body: FactorChange) => ({
  currentPassword: body.current_password,
  code: body.code,
  recoveryCode: body.recovery_code,
});

/** The signed-in admin's own account: password, sessions, second factors, and the audit log. */
export const accountOperations = [
  defineOperation({
    method: "post",
    path: "/admin/password",
    operationId: "changeOwnPassword",
    tags: ["Account"],
    summary: "Change own password",
    description: "Needs the current password (5 checks per 15 minutes); every other session of the admin ends, this one stays.",
    admin: true,
    beforeEnrolment: true,
    body: PasswordChangeSchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 415, 429],
    handler: async (c, { body }) => {
      const input = { currentPassword: body.current_password, newPassword: body.new_password };
      const { sessionsRevoked } = await c
        .get("services")
        .account.changePassword(c.get("admin"), input, c.get("sessionToken"), clientMeta(c));
      const others = sessionsRevoked === 1 ? "1 other session was" : `${sessionsRevoked} other sessions were`;
      return { status: "success" as const, message: `Password changed; ${others} signed out.` };
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/sessions",
    operationId: "listOwnSessions",
    tags: ["Account"],
    summary: "Own sessions with device and last use",
    description: "The signed-in admin's live sessions, most recently used first; `current` marks the one making this call.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, SessionListSchema],
    handler: async (c) => ({
      status: "success" as const,
      sessions: await c.get("services").account.sessions(c.get("admin").id, c.get("sessionToken")),
    }),
  }),
  defineOperation({
    method: "delete",
    path: "/admin/sessions/{id}",
    operationId: "revokeOwnSession",
    tags: ["Account"],
    summary: "Revoke one of own sessions",
    description: "Ends that session at once. Another admin's session is not found.",
    admin: true,
    beforeEnrolment: true,
    params: IdParamSchema,
    ok: [200, SuccessMessageSchema],
    errors: [404],
    handler: async (c, { params }) => {
      await c.get("services").account.revokeSession(c.get("admin").id, params.id, clientMeta(c));
      return { status: "success" as const, message: "Session revoked." };
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/mfa",
    operationId: "getOwnFactors",
    tags: ["Account"],
    summary: "Own second factors",
    description: "Whether the authenticator app is on, the passkeys, unused recovery codes, and whether ADMIN_MFA_REQUIRED is set.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, MfaStatusSchema],
    handler: async (c) => ({
      status: "success" as const,
      ...(await c.get("services").account.factors(c.get("admin").id)),
      required: c.get("config").ADMIN_MFA_REQUIRED,
    }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/mfa/totp/setup",
    operationId: "setUpTotp",
    tags: ["Account"],
    summary: "Start authenticator-app enrolment",
    description:
      "A new secret (pending until confirmed), its otpauth:// URL and the QR code as an SVG data URL drawn by the server. 409 when already on.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, TotpSetupResponseSchema],
    errors: [409],
    handler: async (c) => ({ status: "success" as const, ...(await c.get("services").mfa.setupTotp(c.get("admin"))) }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/mfa/totp/enable",
    operationId: "enableTotp",
    tags: ["Account"],
    summary: "Confirm the authenticator app with a code",
    description: "RFC 6238 (6 digits, 30 s, one step of drift). Answers 10 single-use recovery codes, shown this once and stored hashed.",
    admin: true,
    beforeEnrolment: true,
    body: TotpEnableSchema,
    ok: [200, RecoveryCodesResponseSchema],
    errors: [400, 415],
    handler: async (c, { body }) => ({
      status: "success" as const,
      recovery_codes: await c.get("services").mfa.enableTotp(c.get("admin"), body.code, clientMeta(c)),
    }),
  }),
  defineOperation({
    method: "delete",
    path: "/admin/mfa/totp",
    operationId: "removeTotp",
    tags: ["Account"],
    summary: "Remove the authenticator app",
    description:
      "Needs the current password, a current code or an unused recovery code (spent; 5 checks per 15 minutes, shared with the password change); " +
      "the admin is told by mail, in the same transaction as the removal. " +
      "Sign-in stops asking for its codes; with no factor left the recovery codes go too.",
    admin: true,
    body: FactorChangeSchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 415, 429],
    handler: async (c, { body }) => {
      await c.get("services").mfa.removeTotp(c.get("admin"), proofOf(body), clientMeta(c));
      return { status: "success" as const, message: "The authenticator app was removed." };
    },
  }),
  defineOperation({
    method: "post",
    path: "/admin/mfa/recovery-codes",
    operationId: "regenerateRecoveryCodes",
    tags: ["Account"],
    summary: "Replace the recovery codes",
    description:
      "10 new single-use codes; the old ones stop working. Needs the current password, a current code or an unused recovery code; " +
      "the admin is told by mail. " +
      "409 without a factor.",
    admin: true,
    body: FactorChangeSchema,
    ok: [200, RecoveryCodesResponseSchema],
    errors: [400, 409, 415, 429],
    handler: async (c, { body }) => ({
      status: "success" as const,
      recovery_codes: await c.get("services").mfa.regenerateRecoveryCodes(c.get("admin"), proofOf(body), clientMeta(c)),
    }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/mfa/passkeys/options",
    operationId: "passkeyRegistrationOptions",
    tags: ["Account"],
    summary: "WebAuthn registration options",
    description: "A single-use challenge (5 minutes) bound to the signed-in admin; RP ID and origin from PUBLIC_ORIGIN or this request.",
    admin: true,
    beforeEnrolment: true,
    ok: [200, WebAuthnOptionsSchema],
    handler: async (c) => ({
      status: "success" as const,
      options: (await c.get("services").passkeys.registrationOptions(c.get("admin"), requestOrigin(c))) as unknown as Record<
        string,
        unknown
      >,
    }),
  }),
  defineOperation({
    method: "post",
    path: "/admin/mfa/passkeys",
    operationId: "registerPasskey",
    tags: ["Account"],
    summary: "Register a passkey",
    description: "Verifies the attestation against the admin's challenge. The first factor also answers recovery codes.",
    admin: true,
    beforeEnrolment: true,
    body: PasskeyRegisterSchema,
    ok: [201, PasskeyRegisteredSchema],
    errors: [400, 415],
    handler: async (c, { body }) => {
      const input = { response: body.response as unknown as RegistrationResponseJSON, name: body.name };
      const added = await c.get("services").passkeys.register(c.get("admin"), input, requestOrigin(c), clientMeta(c));
      return { status: "success" as const, passkey: { id: added.id, name: added.name }, recovery_codes: added.recoveryCodes };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/admin/mfa/passkeys/{id}",
    operationId: "removePasskey",
    tags: ["Account"],
    summary: "Remove a passkey",
    description:
      "Removes one of the signed-in admin's passkeys. Needs the current password, a current code or an unused recovery code; " +
      "the admin is told by mail.",
    admin: true,
    params: IntIdParamSchema,
    body: FactorChangeSchema,
    ok: [200, SuccessMessageSchema],
    errors: [400, 404, 415, 429],
    handler: async (c, { params, body }) => {
      await c.get("services").passkeys.remove(c.get("admin"), params.id, proofOf(body), clientMeta(c));
      return { status: "success" as const, message: "The passkey was removed." };
    },
  }),
  defineOperation({
    method: "get",
    path: "/admin/audit",
    operationId: "listAuditLog",
    tags: ["Admins"],
    summary: "The audit log, newest first",
    description:
      "Who did what, when, from where. `admin` is an e-mail; `action` an exact action or a family (`login`); `from`/`to` UTC days.",
    admin: true,
    query: AuditQuerySchema,
    ok: [200, AuditListSchema],
    errors: [400],
    handler: async (c, { query }) => ({ status: "success" as const, ...(await c.get("services").audit.list(query)) }),
  }),
];
