import { useEffect, useRef, useState } from "react";
import type { SecondStep } from "../../lib/login-answer";
import { ApiError } from "../../lib/api-client";
import { passkeyError, signInWithPasskey } from "../../lib/passkey-client";

export type SecondStepProof = { code: string } | { recovery_code: string };

type Props = {
  step: SecondStep;
  field: string;
  /** Sends the code (with JavaScript); answers the success sentence, or throws an ApiError to show by the field. */
  send: (proof: SecondStepProof) => Promise<string>;
  /** The session cookie is set: the page moves on. */
  onDone: (message: string) => void;
  onRestart: () => void;
  /** The page's own form post without JavaScript: where to, the fields it carries, the refusal it came back with. */
  plainPost?: { hidden: Record<string, string>; restartHref: string; error?: string };
  /** Inside another box (the session dialog): no card of its own, an h3 under the dialog's title. */
  embedded?: boolean;
};

const linkButton = "text-sm text-blue-800 underline disabled:opacity-60";

/** The login's second step: a code from the authenticator app, a recovery code, or a passkey. */
export function LoginSecondStep({ step, field, send, onDone, onRestart, plainPost, embedded = false }: Props) {
  const { methods, mfaToken } = step;
  const [mode, setMode] = useState(step.mode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(plainPost?.error ?? "");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [mode, error]);

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
      onDone(await send(mode === "totp" ? { code: value } : { recovery_code: value }));
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

  // Without JavaScript the switch and the restart are a post and a link; with it they act in place.
  const switchMode = (event: React.MouseEvent) => {
    event.preventDefault();
    setError("");
    setMode(mode === "totp" ? "recovery" : "totp");
  };
  const restart = (event: React.MouseEvent) => {
    event.preventDefault();
    onRestart();
  };
  const Heading = embedded ? "h3" : "h1";
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className={embedded ? "mt-4" : "w-full max-w-sm rounded-lg bg-white p-6 shadow"}
      aria-labelledby="second-step-title"
    >
      <Heading id="second-step-title" className={embedded ? "text-lg font-semibold" : "text-2xl font-bold"}>
        Second step
      </Heading>
      {Object.entries({ ...plainPost?.hidden, mfa_token: mfaToken, methods: methods.join(","), mode }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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
            autoFocus={Boolean(plainPost)}
            inputMode={mode === "totp" ? "numeric" : "text"}
            maxLength={mode === "totp" ? 6 : 40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "second-step-error" : undefined}
          />
          <button
            type="submit"
            name="intent"
            value="mfa"
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
          <button type="submit" name="intent" value="switch" formNoValidate className={linkButton} onClick={switchMode}>
            {mode === "totp" ? "Use a recovery code instead" : "Use a code from the app instead"}
          </button>
        ) : null}
        {plainPost ? (
          <a href={plainPost.restartHref} className={linkButton} onClick={restart}>
            Start again
          </a>
        ) : (
          <button type="button" className={linkButton} onClick={restart}>
            Start again
          </button>
        )}
      </div>
    </form>
  );
}
