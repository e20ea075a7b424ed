import { useState } from "react";
import toast from "react-hot-toast";
import {
  type FactorChange,
  type TotpSetupResponse,
  TotpSetupResponseSchema,
  RecoveryCodesResponseSchema,
} from "../../../../contract/identity";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { buttonClass, Field, secondaryButtonClass } from "../form-field";
import { IdentityCheckForm } from "./identity-check-form";

type Props = {
  enabled: boolean;
  /** Unused recovery codes: one may confirm the removal instead of the password. */
  recoveryCodesLeft: number;
  onCodes: (codes: string[]) => void;
  onChange: () => void;
};

/** The authenticator-app factor: QR code and secret, confirmed by one code; or remove it. */
export function TotpSection({ enabled, recoveryCodesLeft, onCodes, onChange }: Props) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setSetup(TotpSetupResponseSchema.parse(await api("/api/admin/mfa/totp/setup", { json: {} })));
    } catch (err) {
      toast.error(errorMessage(err, "The server could not be reached."));
    } finally {
      setBusy(false);
    }
  }

  async function turnOn(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!/^\d{6}$/.test(code)) return setError("Enter the 6-digit code from your app.");
    setBusy(true);
    try {
      const answer = RecoveryCodesResponseSchema.parse(await api("/api/admin/mfa/totp/enable", { json: { code } }));
      setSetup(null);
      setError("");
      toast.success("The authenticator app is set up.");
      onCodes(answer.recovery_codes);
      onChange();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.code ?? err.message) : "The server could not be reached.");
    } finally {
      setBusy(false);
    }
  }

  async function remove(proof: FactorChange) {
    await api("/api/admin/mfa/totp", { method: "DELETE", json: proof });
    setRemoving(false);
    toast.success("The authenticator app was removed.");
    onChange();
  }

  if (enabled) {
    return (
      <div className="flex flex-wrap items-center gap-3">
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
            send={remove}
            onCancel={() => setRemoving(false)}
          />
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={() => setRemoving(true)}>
            Remove the app
          </button>
        )}
      </div>
    );
  }
  if (!setup) {
    return (
      <button type="button" className={buttonClass} onClick={start} disabled={busy}>
        Set up an authenticator app
      </button>
    );
  }
  return (
    <form onSubmit={turnOn} noValidate className="grid gap-4 md:grid-cols-[auto_1fr] md:items-start">
      <img
        src={setup.qr_svg}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="rounded border border-slate-300 bg-white"
      />
      <div className="grid max-w-md gap-3">
        <p className="text-sm">Scan the code with your authenticator app, or type this key into it:</p>
        <p className="break-all rounded bg-slate-100 p-2 font-mono text-sm" data-testid="totp-secret">
          {setup.secret}
        </p>
        <Field
          label="6-digit code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={error}
        />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            Turn on
          </button>
        </div>
      </div>
    </form>
  );
}
