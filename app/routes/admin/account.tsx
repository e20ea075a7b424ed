import { useState } from "react";
import toast from "react-hot-toast";
import { useSearchParams } from "react-router";
import { MfaStatusSchema, RecoveryCodesResponseSchema, SessionListSchema } from "../../../contract/identity";
import { PasskeysSection } from "../../components/admin/account/passkeys-section";
import { PasswordForm } from "../../components/admin/account/password-form";
import { RecoveryCodes } from "../../components/admin/account/recovery-codes";
import { SessionsList } from "../../components/admin/account/sessions-list";
import { TotpSection } from "../../components/admin/account/totp-section";
import { secondaryButtonClass } from "../../components/admin/form-field";
import { useApiData } from "../../components/admin/use-api-data";
import { api, errorMessage } from "../../lib/api-client";

const parseSessions = (raw: unknown) => SessionListSchema.parse(raw).sessions;
const parseMfa = (raw: unknown) => MfaStatusSchema.parse(raw);
const section = "rounded-lg bg-white p-4 shadow md:p-6";

/** The signed-in admin's own account (PRODUCT.md section 11): password, sessions, second factors. */
export default function Account() {
  const sessions = useApiData("/api/admin/sessions", parseSessions);
  const mfa = useApiData("/api/admin/mfa", parseMfa);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [params] = useSearchParams();
  const mustEnrol = params.get("enrol") === "required" && mfa.data && !mfa.data.totp && mfa.data.passkeys.length === 0;

  async function regenerate() {
    if (!window.confirm("Make 10 new recovery codes? The old ones stop working.")) return;
    try {
      setCodes(RecoveryCodesResponseSchema.parse(await api("/api/admin/mfa/recovery-codes", { json: {} })).recovery_codes);
      mfa.reload();
    } catch (error) {
      toast.error(errorMessage(error, "The server could not be reached."));
    }
  }

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
          {mfa.error ? (
            <p role="alert" className="mt-2 text-red-700">
              Could not load: {mfa.error}
            </p>
          ) : null}
          {codes ? (
            <div className="mt-4">
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            </div>
          ) : null}
          {mfa.data ? (
            <div className="mt-4 grid gap-6">
              <div>
                <h3 className="font-semibold">Authenticator app</h3>
                <div className="mt-2">
                  <TotpSection enabled={mfa.data.totp} onCodes={setCodes} onChange={mfa.reload} />
                </div>
              </div>
              <div>
                <h3 className="font-semibold">Passkeys</h3>
                <div className="mt-2">
                  <PasskeysSection passkeys={mfa.data.passkeys} onCodes={setCodes} onChange={mfa.reload} />
                </div>
              </div>
              {mfa.data.totp || mfa.data.passkeys.length ? (
                <div>
                  <h3 className="font-semibold">Recovery codes</h3>
                  <p className="mt-1 text-sm">{mfa.data.recovery_codes_left} of 10 unused.</p>
                  <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={regenerate}>
                    Make new recovery codes
                  </button>
                </div>
              ) : null}
            </div>
          ) : null}
        </section>
        <section aria-labelledby="password-title" className={section}>
          <h2 id="password-title" className="text-lg font-semibold">
            Password
          </h2>
          <p className="mt-1 text-sm text-slate-700">Changing it signs out every other session.</p>
          <div className="mt-4">
            <PasswordForm onChanged={sessions.reload} />
          </div>
        </section>
        <section aria-labelledby="sessions-title" className={section}>
          <h2 id="sessions-title" className="text-lg font-semibold">
            Sessions
          </h2>
          {sessions.error ? (
            <p role="alert" className="mt-2 text-red-700">
              Could not load: {sessions.error}
            </p>
          ) : null}
          <div className="mt-4">
            {sessions.data ? <SessionsList sessions={sessions.data} onChange={sessions.reload} /> : <p role="status">Loading...</p>}
          </div>
        </section>
      </div>
    </>
  );
}
