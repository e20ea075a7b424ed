import { useId, useMemo, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { FactorResult } from "../../../lib/factor-result";
import { CancelButton } from "../cancel-button";
import { buttonClass, Field, type FieldErrors, FormError, secondaryButtonClass } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";
import { useFormResult } from "../use-form-result";

type Props = {
  /** The act, as a question: "Remove the authenticator app?" */
  title: string;
  text: string;
  /** Names the act: "Remove the authenticator app". */
  submitLabel: string;
  /** Offer a code from the authenticator app besides the password. */
  withCode: boolean;
  /** Offer an unused recovery code besides the password (the admin has some left). */
  withRecoveryCode: boolean;
  /** The Account action's intent (app/routes/admin/account-factors.server.ts), and what it acts on. */
  intent: CheckIntent;
  id?: number;
  onCancel: () => void;
};

type CheckIntent = "totp-remove" | "recovery-codes" | "passkey-remove";
type Done = FactorResult & { ok: true };

/** One fetcher per intent: one check form is open at a time. */
const fetcherKey = (intent: CheckIntent) => `identity-check-${intent}`;

/**
 * Runs `onDone` once per done check of `intent` (with JavaScript). Called by the part of the screen
 * that stays: a done change can remove its form with the answer (the loader runs again and the app
 * or the passkey is gone), so the form itself would miss it.
 */
export function useIdentityCheckDone(intent: CheckIntent, onDone: (result: Done) => void) {
  const fetcher = useFetcher<FactorResult>({ key: fetcherKey(intent) });
  useFormResult(fetcher.data, fetcher.state === "idle", (result) => {
    if (result.ok) onDone(result);
  });
}

/** What to enter, naming only the proofs this admin can give. */
function ask(withCode: boolean, withRecoveryCode: boolean): string {
  const others = [withCode ? "a code from your authenticator app" : "", withRecoveryCode ? "an unused recovery code" : ""].filter(Boolean);
  if (others.length === 0) return "your current password";
  if (others.length === 1) return `your current password or ${others[0]}`;
  return `your current password, ${others[0]} or ${others[1]}`;
}

const errorsOf = (result?: FactorResult): FieldErrors =>
  result && !result.ok ? (Object.keys(result.errors).length ? result.errors : { form: result.message }) : {};

/**
 * Removing a second factor or replacing the recovery codes asks the admin to prove it is them again:
 * the current password, a code from the app or an unused recovery code (spent by the check). Posts
 * its intent to the Account screen's action, through a fetcher with JavaScript, as a plain post
 * without; the server's field errors show at their fields.
 */
export function IdentityCheckForm({ title, text, submitLabel, withCode, withRecoveryCode, intent, id, onCancel }: Props) {
  const fetcher = useFetcher<FactorResult>({ key: fetcherKey(intent) });
  const actionData = useActionData<FactorResult>();
  // The check's own errors (or a plain post's), until a submit hands over to the fetcher's answer.
  const [ownErrors, setOwnErrors] = useState<FieldErrors | null>(errorsOf(actionData?.intent === intent ? actionData : undefined));
  const busy = fetcher.state !== "idle";
  const errors = useMemo(() => ownErrors ?? (busy ? {} : errorsOf(fetcher.data)), [ownErrors, busy, fetcher.data]);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useFocusFirstError(formRef, errors);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const given = ["current_password", "code", "recovery_code"].some((name) => String(form.get(name) ?? "").trim());
    if (!given) return setOwnErrors({ current_password: `Enter ${ask(withCode, withRecoveryCode)}.` });
    setOwnErrors(null);
    void fetcher.submit(event.currentTarget, { method: "post" });
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="grid max-w-md gap-3 rounded border border-amber-300 bg-amber-50 p-3"
    >
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <p id={titleId} className="font-semibold">
        {title}
      </p>
      <p className="text-sm">
        {text} To confirm it is you, enter {ask(withCode, withRecoveryCode)}.
      </p>
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password}
        autoFocus
      />
      {withCode ? (
        <Field
          label="Or a 6-digit code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code}
        />
      ) : null}
      {withRecoveryCode ? (
        <Field
          label="Or an unused recovery code (it is used up)"
          name="recovery_code"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          error={errors.recovery_code}
        />
      ) : null}
      <FormError message={errors.form} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {submitLabel}
        </button>
        <CancelButton className={secondaryButtonClass} onCancel={onCancel} />
      </div>
    </fetcher.Form>
  );
}
