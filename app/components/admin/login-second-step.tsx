import { useEffect, useRef, useState } from "react";
import type { MfaMethod } from "../../../contract/identity";
import { ApiError, api } from "../../lib/api-client";
import { passkeyError, signInWithPasskey } from "../../lib/passkey-client";

type Props = {
  mfaToken: string;
  methods: MfaMethod[];
  field: string;
  /** The session cookie is set: the page moves on. */
  onDone: (message: string) => void;
  onRestart: () => void;
  /** Inside another box (the session dialog): no card of its own, an h2 under the dialog's title. */
  embedded?: boolean;
};

/** The login's second step: a code from the authenticator app, a recovery code, or a passkey. */
export function LoginSecondStep({ mfaToken, methods, field, onDone, onRestart, embedded = false }: Props) {
  const [mode, setMode] = useState<"totp" | "recovery">(methods.includes("totp") ? "totp" : "recovery");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [mode]);

  const fail = (err: unknown) => {
    setError(passkeyError(err) ?? (err instanceof ApiError && err.status < 500 ? err.message : "Invalid credentials or server error."));
    setBusy(false);
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (mode === "totp" && !/^\d{6}$/.test(value)) return setError("Enter the 6-digit code from your app.");
    if (mode === "recovery" && !value) return setError("Enter one of your recovery codes.");
    setBusy(true);
    setError("");
    try {
      const json = mode === "totp" ? { mfa_token: mfaToken, code: value } : { mfa_token: mfaToken, recovery_code: value };
      const answer = await api<{ message?: string }>("/api/admin/login/mfa", { json, noReauth: true });
      onDone(answer.message ?? "Login successful!");
    } catch (err) {
      fail(err);
    }
  }

  async function passkey() {
    setBusy(true);
    setError("");
    try {
      await signInWithPasskey(mfaToken);
      onDone("Login successful!");
    } catch (err) {
      fail(err);
    }
  }

  const linkButton = "text-sm text-blue-800 underline disabled:opacity-60";
  return (
    <form
      onSubmit={submit}
      noValidate
      className={embedded ? "mt-4" : "w-full max-w-sm rounded-lg bg-white p-6 shadow"}
      aria-labelledby="second-step-title"
    >
      {embedded ? (
        <h3 id="second-step-title" className="text-lg font-semibold">
          Second step
        </h3>
      ) : (
        <h1 id="second-step-title" className="text-2xl font-bold">
          Second step
        </h1>
      )}
      {methods.includes("totp") || methods.includes("recovery_code") ? (
        <>
          <label className="mt-6 block text-sm font-medium" htmlFor="second-step-code">
            {mode === "totp" ? "Code from your authenticator app" : "Recovery code"}
          </label>
          <input
            ref={input}
            key={mode}
            id="second-step-code"
            name="code"
            className={field}
            autoComplete="one-time-code"
            inputMode={mode === "totp" ? "numeric" : "text"}
            maxLength={mode === "totp" ? 6 : 40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "second-step-error" : undefined}
          />
          <button
            type="submit"
            disabled={busy}
            className="mt-4 w-full rounded bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {busy ? "Checking..." : "Verify"}
          </button>
        </>
      ) : null}
      <div aria-live="polite" className="min-h-6">
        {error ? (
          <p id="second-step-error" role="alert" className="mt-4 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex flex-col items-start gap-3">
        {methods.includes("passkey") ? (
          <button
            type="button"
            onClick={passkey}
            disabled={busy}
            className="w-full rounded border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-100 disabled:opacity-60"
          >
            Use a passkey
          </button>
        ) : null}
        {methods.includes("totp") && methods.includes("recovery_code") ? (
          <button type="button" className={linkButton} onClick={() => setMode(mode === "totp" ? "recovery" : "totp")}>
            {mode === "totp" ? "Use a recovery code instead" : "Use a code from the app instead"}
          </button>
        ) : null}
        <button type="button" className={linkButton} onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
