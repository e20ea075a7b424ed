import { useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { FactorChange } from "../../../../contract/identity";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { buttonClass, Field, secondaryButtonClass } from "../form-field";
import { useFocusFirstError } from "../use-focus-first-error";

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
  send: (proof: FactorChange) => Promise<void>;
  onCancel: () => void;
};

/** What to enter, naming only the proofs this admin can give. */
function ask(withCode: boolean, withRecoveryCode: boolean): string {
  const others = [withCode ? "a code from your authenticator app" : "", withRecoveryCode ? "an unused recovery code" : ""].filter(Boolean);
  if (others.length === 0) return "your current password";
  if (others.length === 1) return `your current password or ${others[0]}`;
  return `your current password, ${others[0]} or ${others[1]}`;
}

/**
 * Removing a second factor or replacing the recovery codes asks the admin to prove it is them again:
 * the current password, a code from the app or an unused recovery code (spent by the check). The
 * server's field errors show at their fields.
 */
export function IdentityCheckForm({ title, text, submitLabel, withCode, withRecoveryCode, send, onCancel }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  useFocusFirstError(formRef, errors);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("current_password") ?? "");
    const code = String(form.get("code") ?? "").trim();
    const recoveryCode = String(form.get("recovery_code") ?? "").trim();
    if (!currentPassword && !code && !recoveryCode) return setErrors({ current_password: `Enter ${ask(withCode, withRecoveryCode)}.` });
    setBusy(true);
    try {
      await send(currentPassword ? { current_password: currentPassword } : code ? { code } : { recovery_code: recoveryCode });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
      else toast.error(errorMessage(error, "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="grid max-w-md gap-3 rounded border border-amber-300 bg-amber-50 p-3"
    >
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
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
