import { serialize } from "hono/utils/cookie";
import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { LoginSchema } from "../../../contract/auth";
import { LoginMfaSchema, MfaMethodSchema } from "../../../contract/identity";
import { sessionCookieName } from "../../../contract/session-cookie";
import { type ClientMeta, SESSION_ABSOLUTE_MS } from "../../../server/features/identity";
import type { LoginState, SecondStep } from "../../lib/login-answer";
import { safeNext } from "../../lib/safe-next";
import { SESSION_COOKIE_OPTIONS } from "../../../server/platform/http/session-cookie";
import { formAction, type PageFailure, readValues } from "../../lib/form-action.server";
import { requireSameOrigin } from "./admin-action.server";

const NO_STORE = { "Cache-Control": "no-store" };
const NEXT_STEP = "Enter your second step to finish signing in.";
const STEP_LOST = "This sign-in has expired. Start again with your e-mail and password.";

/** The pending second step as the form carries it back (hidden fields the password step's answer rendered). */
const PendingStepSchema = z.object({
  mfa_token: z.string().min(1).max(200),
  methods: z.array(MfaMethodSchema).min(1),
  mode: z.enum(["totp", "recovery"]),
});

function pendingStep(form: FormData): SecondStep {
  const step = readValues(
    { mfa_token: form.get("mfa_token"), methods: String(form.get("methods") ?? "").split(","), mode: form.get("mode") },
    PendingStepSchema,
    STEP_LOST,
  );
  return { mfaToken: step.mfa_token, methods: step.methods, mode: step.mode };
}

/** The session cookie POST /api/admin/login sets (server/features/identity/auth.routes.ts), then the page asked for. */
function signedIn(token: string, next: string, https: boolean): Response {
  const cookie = serialize(sessionCookieName(https), token, {
    ...SESSION_COOKIE_OPTIONS,
    secure: https,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  return redirect(next, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
}

/**
 * A refusal as the form shows it: a wrong password or code (401) stands by its field, field errors by
 * theirs, the rest (throttled) under the form. `kept` stays on screen: the second step, or the e-mail
 * typed (a page without JavaScript is drawn again from the answer).
 */
const refusedBy = (field: string, kept: LoginState) => (failure: PageFailure) => {
  const errors = failure.status === 401 ? { [field]: failure.message } : { ...failure.errors };
  // The form has one code field for either kind of code.
  if (errors.recovery_code) errors.code = errors.recovery_code;
  return { errors, value: kept };
};

/**
 * The login page's plain form posts, on the auth service POST /api/admin/login and
 * /api/admin/login/mfa call (the same throttles, audit rows and second-factor rule): intent=password
 * (e-mail and password), intent=mfa (a code or a recovery code with the pending step's token, which
 * travels in the form's body as the API's answer carries it, never in a URL) and intent=switch
 * (the other kind of code, for a browser without JavaScript). Passkeys stay on the API (WebAuthn).
 * Signed in, the answer is a redirect with the session cookie.
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  requireSameOrigin(request, context);
  const form = await request.formData();
  const next = safeNext(String(form.get("next") ?? ""));
  const meta: ClientMeta = { clientIp: context.clientIp, userAgent: request.headers.get("user-agent") ?? null };
  const auth = context.services.auth;
  const intent = String(form.get("intent") ?? "password");

  if (intent === "password") {
    const email = String(form.get("email") ?? "").trim();
    return formAction<LoginState>(
      undefined,
      async () => {
        const input = readValues({ email, password: String(form.get("password") ?? "") }, LoginSchema);
        const result = await auth.login(input.email, input.password, meta);
        if (result.kind === "session") throw signedIn(result.token, next, context.https);
        const mode = result.methods.includes("totp") ? "totp" : "recovery";
        return { message: NEXT_STEP, value: { secondStep: { mfaToken: result.mfaToken, methods: result.methods, mode } } };
      },
      { headers: NO_STORE, refused: refusedBy("password", { email: email.slice(0, 254) }) },
    );
  }
  // Read inside the action below; a step that cannot be read is refused with no step kept (start again).
  let step: SecondStep | undefined;
  return formAction<LoginState>(
    undefined,
    async () => {
      step = pendingStep(form);
      if (intent === "switch") return { message: "", value: { secondStep: { ...step, mode: step.mode === "totp" ? "recovery" : "totp" } } };
      const code = String(form.get("code") ?? "").trim();
      const proof = step.mode === "totp" ? { code } : { recovery_code: code };
      const input = readValues({ mfa_token: step.mfaToken, ...proof }, LoginMfaSchema);
      const { token } = await auth.completeMfa(input.mfa_token, { code: input.code, recoveryCode: input.recovery_code }, meta);
      throw signedIn(token, next, context.https);
    },
    { headers: NO_STORE, refused: (failure) => (step ? refusedBy("code", { secondStep: step })(failure) : { errors: {} }) },
  );
}
