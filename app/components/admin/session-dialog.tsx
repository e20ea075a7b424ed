import { useEffect, useRef, useState } from "react";
import { LoginMfaRequiredSchema, type LoginMfaRequired } from "../../../contract/identity";
import { ApiError, api } from "../../lib/api-client";
import { setReauthHandler } from "../../lib/reauth";
import { buttonClass, inputClass, secondaryButtonClass } from "./form-field";
import { LoginSecondStep } from "./login-second-step";

/**
 * The session timed out while the admin was working: a modal login over the page, so the form they
 * were filling stays as it was and the call that failed is sent again after the login (app/lib/reauth.ts).
 * It logs in through the JSON API, not the login page's action: a fetcher's post would revalidate the
 * page's loaders, and until the login has finished each would answer the login redirect and replace
 * the page (docs/decisions/086-admin-writes-through-actions.md).
 */
export function SessionDialog({ email }: { email: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // An admin with a second factor finishes the login here too (code, recovery code or passkey).
  const [secondStep, setSecondStep] = useState<LoginMfaRequired | null>(null);

  useEffect(
    () =>
      setReauthHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setError("");
            setSecondStep(null);
            dialogRef.current?.showModal();
          }),
      ),
    [],
  );

  function finish(ok: boolean) {
    const resolve = settle.current;
    settle.current = null;
    if (dialogRef.current?.open) dialogRef.current.close();
    resolve?.(ok);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setError("");
    try {
      const answer = await api<{ status?: string }>("/api/admin/login", {
        json: { email: String(form.get("email") ?? "").trim(), password: String(form.get("password") ?? "") },
        noReauth: true,
      });
      formElement.reset();
      const mfa = LoginMfaRequiredSchema.safeParse(answer);
      if (mfa.success) return setSecondStep(mfa.data);
      if (answer.status !== "success") throw new ApiError("The login did not finish. Please try again.", 401);
      finish(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The server could not be reached.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="session-dialog-title"
      aria-describedby="session-dialog-text"
      // Escape closes a modal dialog: that is a cancel, and the call that failed keeps its 401.
      onClose={() => finish(false)}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id="session-dialog-title" className="text-xl font-bold">
        Your session has ended
      </h2>
      <p id="session-dialog-text" className="mt-2 text-sm text-slate-700">
        Log in again to continue. What you typed on this page is kept and sent once you are back.
      </p>
      {secondStep ? (
        <>
          <LoginSecondStep
            embedded
            step={{
              mfaToken: secondStep.mfa_token,
              methods: secondStep.methods,
              mode: secondStep.methods.includes("totp") ? "totp" : "recovery",
            }}
            field={inputClass}
            // The dialog stays on the JSON API (app/lib/reauth.ts retries the call that failed once it resolves).
            send={async (proof) =>
              (
                await api<{ message?: string }>("/api/admin/login/mfa", {
                  json: { mfa_token: secondStep.mfa_token, ...proof },
                  noReauth: true,
                })
              ).message ?? "Login successful!"
            }
            onDone={() => {
              setSecondStep(null);
              finish(true);
            }}
            onRestart={() => setSecondStep(null)}
          />
          <button type="button" className={`${secondaryButtonClass} mt-4`} onClick={() => finish(false)}>
            Cancel
          </button>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor="session-email" className="mt-4 block text-sm font-medium">
            Email-Address
          </label>
          <input id="session-email" name="email" type="email" autoComplete="username" defaultValue={email} className={inputClass} />
          <label htmlFor="session-password" className="mt-3 block text-sm font-medium">
            Password
          </label>
          <input id="session-password" name="password" type="password" autoComplete="current-password" className={inputClass} autoFocus />
          <div aria-live="polite" className="min-h-6">
            {error ? (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? "Logging in..." : "Log in again"}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => finish(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
