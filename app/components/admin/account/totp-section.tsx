import { useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import type { FactorResult, TotpSetup } from "../../../lib/factor-result";
import { buttonClass, Field, secondaryButtonClass } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { OpenButton } from "../open-button";
import { useFormResult } from "../use-form-result";
import { IdentityCheckForm, useIdentityCheckDone } from "./identity-check-form";

type Props = {
  enabled: boolean;
  /** Unused recovery codes: one may confirm the removal instead of the password. */
  recoveryCodesLeft: number;
  onCodes: (codes: string[]) => void;
};

/**
 * The authenticator-app factor: QR code and secret, confirmed by one code typed from the app; or
 * remove it. Each step posts its intent to the Account screen's action (a fetcher with JavaScript,
 * a plain post without): the secret comes back in the setup's answer only, shown as text beside
 * the QR code. Without JavaScript a refused code asks again without the secret (it is never sent
 * twice); the app already holds it, or the admin starts again.
 */
export function TotpSection({ enabled, recoveryCodesLeft, onCodes }: Props) {
  const fetcher = useFetcher<FactorResult>({ key: "account-totp" });
  const posted = useActionData<FactorResult>();
  const [params] = useSearchParams();
  const postedSetup = posted?.ok && posted.intent === "totp-setup" ? posted.value?.setup : undefined;
  const refusedCode = posted && !posted.ok && posted.intent === "totp-enable" ? (posted.errors.code ?? posted.message) : "";
  const [setup, setSetup] = useState<TotpSetup | undefined>(postedSetup);
  const [asking, setAsking] = useState(Boolean(refusedCode));
  const [error, setError] = useState(refusedCode);
  // Without JavaScript Remove opens the check through the address (`?confirm=totp-remove`), which a refused post keeps.
  const [removing, setRemoving] = useState(params.get("confirm") === "totp-remove");
  const busy = fetcher.state !== "idle";
  useIdentityCheckDone("totp-remove", (result) => {
    setRemoving(false);
    toast.success(result.message);
  });

  useFormResult(fetcher.data, !busy, (result) => {
    if (result.intent === "totp-setup") {
      if (result.ok) setSetup(result.value?.setup);
      else toast.error(result.message);
    } else if (result.intent === "totp-enable") {
      setError(result.ok ? "" : (result.errors.code ?? result.message));
      if (!result.ok) return;
      setSetup(undefined);
      setAsking(false);
      toast.success(result.message);
      onCodes(result.value?.recovery_codes ?? []);
    }
  });

  // Turn on (also Enter in the field) or Start again: the pressed button names the intent.
  function turnOn(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (button?.value === "totp-enable" && !/^\d{6}$/.test(code)) return setError("Enter the 6-digit code from your app.");
    void fetcher.submit(button ?? event.currentTarget, { method: "post" });
  }

  // After a plain post (no toast) the done step says so here; a refused code sits by its field.
  const outcome = <FormOutcome result={posted?.ok && posted.intent?.startsWith("totp-") ? posted : undefined} />;
  if (enabled) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {outcome}
        <p>
          <span className="rounded bg-green-100 px-2 py-0.5 text-sm text-green-900">On</span> Sign-in asks for a code from your app.
        </p>
        {removing ? (
          <IdentityCheckForm
            title="Remove the authenticator app?"
            text="Sign-in will no longer ask for its codes."
            submitLabel="Remove the authenticator app"
            withCode
            withRecoveryCode={recoveryCodesLeft > 0}
            intent="totp-remove"
            onCancel={() => setRemoving(false)}
          />
        ) : (
          <OpenButton name="confirm" value="totp-remove" className={secondaryButtonClass} onOpen={() => setRemoving(true)}>
            Remove the app
          </OpenButton>
        )}
      </div>
    );
  }
  if (!setup && !asking) {
    return (
      <fetcher.Form method="post">
        {outcome}
        <button type="submit" name="intent" value="totp-setup" className={buttonClass} disabled={busy}>
          Set up an authenticator app
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" onSubmit={turnOn} noValidate className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start">
      {setup ? <TotpSecret setup={setup} /> : null}
      <div className="grid max-w-md gap-3">
        {setup ? (
          <>
            <p className="text-sm">Scan the code with your authenticator app, or type this key into it:</p>
            <p className="rounded bg-slate-100 p-2 font-mono text-sm break-all" data-testid="totp-secret">
              {setup.secret}
            </p>
          </>
        ) : (
          <p className="text-sm">Enter a code from the app you added the key to, or start again for a new key.</p>
        )}
        <Field
          label="6-digit code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={error}
          autoFocus={Boolean(error)}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="totp-enable" className={buttonClass} disabled={busy}>
            Turn on
          </button>
          {setup ? null : (
            <button type="submit" name="intent" value="totp-setup" className={secondaryButtonClass} formNoValidate disabled={busy}>
              Start again
            </button>
          )}
        </div>
      </div>
    </fetcher.Form>
  );
}

function TotpSecret({ setup }: { setup: TotpSetup }) {
  return (
    <img
      src={setup.qr_svg}
      alt="QR code to scan with your authenticator app"
      width={192}
      height={192}
      className="rounded border border-slate-300 bg-white"
    />
  );
}
