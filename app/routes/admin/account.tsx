import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { IdentityCheckForm, useIdentityCheckDone } from "../../components/admin/account/identity-check-form";
import { PasskeysSection } from "../../components/admin/account/passkeys-section";
import { PasswordForm } from "../../components/admin/account/password-form";
import { RecoveryCodes } from "../../components/admin/account/recovery-codes";
import { SessionsList } from "../../components/admin/account/sessions-list";
import { TotpSection } from "../../components/admin/account/totp-section";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { OpenButton } from "../../components/admin/open-button";
import { ScreenError } from "../../components/admin/screen-error";
import type { FactorResult } from "../../lib/factor-result";
import { reachServer } from "../../lib/reach-server";
import type { Route } from "./+types/account";
import { accountAction } from "./account.server";
import { requireAdminPage, sessionToken } from "./session.server";

// Read in the loader (decision 017): the same service calls as GET /api/admin/sessions and
// /api/admin/mfa. Every change goes through the action but a passkey's registration (a WebAuthn
// ceremony, through the API). Either way the loader runs again.
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context);
  // requireAdminPage found a session, so its token is there.
  const token = sessionToken(request, context.https) ?? "";
  const [sessions, factors] = await Promise.all([
    context.services.account.sessions(admin.id, token),
    context.services.account.factors(admin.id),
  ]);
  return { sessions, mfa: factors };
}

export const action = ({ request, context }: Route.ActionArgs) => accountAction(request, context);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <title>Account | Admin</title>
      <h1 className="text-2xl font-bold">Account</h1>
      <ScreenError error={error} what="your account" />
    </>
  );
}

const section = "rounded-lg bg-white p-4 shadow md:p-6";

/** The signed-in admin's own account: password, sessions, second factors. */
export default function Account({ loaderData: { sessions, mfa }, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  // New recovery codes are shown once: from a fetcher's answer, or (without JavaScript) the post's.
  const posted = actionData as FactorResult | undefined;
  const [codes, setCodes] = useState<string[] | null>((posted?.ok && posted.value?.recovery_codes) || null);
  const [params] = useSearchParams();
  const [regenerating, setRegenerating] = useState(params.get("confirm") === "recovery-codes" && !posted?.ok);
  useIdentityCheckDone("recovery-codes", (result) => {
    setCodes(result.value?.recovery_codes ?? null);
    setRegenerating(false);
  });
  const mustEnrol = params.get("enrol") === "required" && !mfa.totp && mfa.passkeys.length === 0;

  return (
    <>
      <title>Account | Admin</title>
      <h1 className="text-2xl font-bold">Account</h1>
      {mustEnrol ? (
        <p role="alert" className="mt-4 rounded border border-amber-400 bg-amber-50 p-3 text-sm">
          This site requires a second factor. Set up an authenticator app or add a passkey before using the other screens.
        </p>
      ) : null}
      <div className="mt-6 grid gap-6">
        <section aria-labelledby="factors-title" className={section}>
          <h2 id="factors-title" className="text-lg font-semibold">
            Two-factor sign-in
          </h2>
          {codes ? (
            <div className="mt-4">
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            </div>
          ) : null}
          <div className="mt-4 grid gap-6">
            <div>
              <h3 className="font-semibold">Authenticator app</h3>
              <div className="mt-2">
                <TotpSection enabled={mfa.totp} recoveryCodesLeft={mfa.recovery_codes_left} onCodes={setCodes} />
              </div>
            </div>
            <div>
              <h3 className="font-semibold">Passkeys</h3>
              <div className="mt-2">
                <PasskeysSection
                  passkeys={mfa.passkeys}
                  onCodes={setCodes}
                  onChange={reload}
                  totp={mfa.totp}
                  recoveryCodesLeft={mfa.recovery_codes_left}
                />
              </div>
            </div>
            {mfa.totp || mfa.passkeys.length ? (
              <div>
                <h3 className="font-semibold">Recovery codes</h3>
                <p className="mt-1 text-sm">{mfa.recovery_codes_left} of 10 unused.</p>
                {regenerating ? (
                  <div className="mt-2">
                    <IdentityCheckForm
                      title="Make 10 new recovery codes?"
                      text="The old ones stop working."
                      submitLabel="Make new recovery codes"
                      withCode={mfa.totp}
                      withRecoveryCode={mfa.recovery_codes_left > 0}
                      intent="recovery-codes"
                      onCancel={() => setRegenerating(false)}
                    />
                  </div>
                ) : (
                  <OpenButton
                    name="confirm"
                    value="recovery-codes"
                    className={`${secondaryButtonClass} mt-2`}
                    onOpen={() => setRegenerating(true)}
                  >
                    Make new recovery codes
                  </OpenButton>
                )}
              </div>
            ) : null}
          </div>
        </section>
        <section aria-labelledby="password-title" className={section}>
          <h2 id="password-title" className="text-lg font-semibold">
            Password
          </h2>
          <p className="mt-1 text-sm text-slate-700">Changing it signs out every other session.</p>
          <div className="mt-4">
            <PasswordForm />
          </div>
        </section>
        <section aria-labelledby="sessions-title" className={section}>
          <h2 id="sessions-title" className="text-lg font-semibold">
            Sessions
          </h2>
          <div className="mt-4">
            <SessionsList sessions={sessions} />
          </div>
        </section>
      </div>
    </>
  );
}
