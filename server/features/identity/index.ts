// The identity area's door: what other areas and the app may use.
export { createAccount } from "./account";
export { accountOperations } from "./account.routes";
export { createAdminDirectory } from "./admin-directory";
export { createAdmins } from "./admins";
export { adminOperations } from "./admins.routes";
export { type ClientMeta, createAuth, SESSION_ABSOLUTE_MS, type SessionAdmin } from "./auth";
export { authOperations } from "./auth.routes";
export { createIdentityMailReissuers } from "./identity-mail-reissue";
export { createMfa } from "./mfa";
export { createPasskeys } from "./passkeys";
export { createPasswordReset } from "./password-reset";
export { createReauth } from "./reauth";
export { createRecoveryCodes } from "./recovery-codes";
export { createTotp } from "./totp";
