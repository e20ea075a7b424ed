import { z } from "zod";
import { calendarDay } from "./common";

// Admin identity: account, second factors, sign-in steps, admins, audit.

const password = z.string().min(1, "Enter the password.").max(1024);
const token = z.string().min(1).max(200);

export const PasswordChangeSchema = z.object({ current_password: password, new_password: password });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/**
 * Removing a second factor or replacing the recovery codes: the current password, a current code
 * from the authenticator app or an unused recovery code (one of them; a recovery code is spent), so
 * a session alone cannot weaken the account.
 */
export const FactorChangeSchema = z.object({
  current_password: z.string().max(1024).optional(),
  code: z.string().max(20).optional(),
  recovery_code: z.string().max(40).optional(),
});
export type FactorChange = z.infer<typeof FactorChangeSchema>;

export const AdminSessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  client_ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof AdminSessionSchema>;
export const SessionListSchema = z.object({ status: z.literal("success"), sessions: z.array(AdminSessionSchema) });

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Passkey ids are PostgreSQL integers. */
export const IntIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const MfaMethodSchema = z.enum(["totp", "recovery_code", "passkey"]);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;

export const MfaStatusSchema = z.object({
  status: z.literal("success"),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(z.object({ id: z.number().int(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const TotpSetupResponseSchema = z.object({
  status: z.literal("success"),
  otpauth_url: z.string(),
  secret: z.string(),
  /** The QR code of otpauth_url as an SVG data URL, drawn by the server (no third-party host). */
  qr_svg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;

export const TotpCodeSchema = z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your app.");
export const TotpEnableSchema = z.object({ code: TotpCodeSchema });

export const RecoveryCodesResponseSchema = z.object({ status: z.literal("success"), recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** A WebAuthn credential as @simplewebauthn/browser answers it (checked in full by the server library). */
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url.");
const WebAuthnResponseSchema = z
  .object({
    id: b64url.min(1).max(1024),
    rawId: b64url,
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: b64url }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  })
  .loose();

export const PasskeyRegisterSchema = z.object({
  response: WebAuthnResponseSchema.extend({ response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url }) }),
  name: z.string().trim().max(60, "At most 60 characters.").optional(),
});
export const PasskeyRegisteredSchema = z.object({
  status: z.literal("success"),
  passkey: z.object({ id: z.number().int(), name: z.string() }),
  recovery_codes: z.array(z.string()).optional(),
});

export const LoginMfaRequiredSchema = z.object({
  status: z.literal("mfa_required"),
  mfa_token: z.string(),
  methods: z.array(MfaMethodSchema),
});
export type LoginMfaRequired = z.infer<typeof LoginMfaRequiredSchema>;

export const LoginMfaSchema = z
  .object({
    mfa_token: token,
    code: TotpCodeSchema.optional(),
    recovery_code: z.string().trim().min(1, "Enter a recovery code.").max(40).optional(),
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.recovery_code), { message: "Give either a code or a recovery code.", path: ["code"] });

export const PasskeyLoginOptionsSchema = z.object({ mfa_token: token.optional() });
export const PasskeyLoginSchema = z.object({
  response: WebAuthnResponseSchema.extend({
    response: z.looseObject({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: b64url.optional() }),
  }),
});

/** WebAuthn options are the library's JSON, handed to @simplewebauthn/browser as they are. */
export const WebAuthnOptionsSchema = z.object({ status: z.literal("success"), options: z.record(z.string(), z.unknown()) });

const day = calendarDay("Use YYYY-MM-DD.");
export const AuditQuerySchema = z.object({
  admin: z.string().trim().max(254).optional(),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]*$/, "Letters, dots and underscores only.")
    .optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  admin_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  client_ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  status: z.literal("success"),
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;

// E-mail addresses go into mail headers: no line breaks (z.email() refuses them) and a sane length.
const adminEmail = z.email("Enter a valid e-mail address.").max(254);

export const InviteSchema = z.object({ email: adminEmail });
export const ForgotPasswordSchema = z.object({ email: adminEmail });
export const ResetPasswordSchema = z.object({ token, password: z.string().min(1, "Enter a new password.").max(1024) });
export const AcceptInvitationSchema = ResetPasswordSchema;

export const AdminListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(["active", "invited", "disabled"]),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  two_factor: z.boolean(),
});
export type AdminListItem = z.infer<typeof AdminListItemSchema>;
export const AdminListSchema = z.object({ status: z.literal("success"), admins: z.array(AdminListItemSchema) });
export const InvitedSchema = z.object({ status: z.literal("success"), message: z.string(), id: z.number().int() });
