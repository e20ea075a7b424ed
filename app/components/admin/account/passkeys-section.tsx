import { useState } from "react";
import toast from "react-hot-toast";
import { useActionData, useSearchParams } from "react-router";
import type { MfaStatus } from "../../../../contract/identity";
import { errorMessage } from "../../../lib/api-client";
import { passkeyError, registerPasskey } from "../../../lib/passkey-client";
import type { FactorResult } from "../../../lib/factor-result";
import { buttonClass, Field, secondaryButtonClass } from "../form-field";
import { FormOutcome } from "../form-outcome";
import { OpenButton } from "../open-button";
import { IdentityCheckForm, useIdentityCheckDone } from "./identity-check-form";
import { formatDate } from "../../../../contract/time";

type Props = {
  passkeys: MfaStatus["passkeys"];
  onCodes: (codes: string[]) => void;
  onChange: () => void;
  /** The authenticator app is on: its code may confirm a removal instead of the password. */
  totp: boolean;
  /** Unused recovery codes: one may confirm a removal instead of the password. */
  recoveryCodesLeft: number;
};

const day = (iso: string | null) => (iso ? formatDate(iso) : "never");

/**
 * Passkeys of this admin: add one on this device (a WebAuthn ceremony through the API, so
 * JavaScript only; it signs in alone), or remove one after the identity check, posted to the
 * Account screen's action (intent=passkey-remove).
 */
export function PasskeysSection({ passkeys, onCodes, onChange, totp, recoveryCodesLeft }: Props) {
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const posted = useActionData<FactorResult>();
  // Without JavaScript Remove opens the check through the address (`?remove-passkey=<id>`), which a
  // refused post keeps (the form posts to the address it is on); a removed passkey is no longer found.
  const [removing, setRemoving] = useState(passkeys.find((p) => String(p.id) === params.get("remove-passkey")) ?? null);

  useIdentityCheckDone("passkey-remove", (result) => {
    setRemoving(null);
    toast.success(result.message);
  });

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const name = String(new FormData(formElement).get("name") ?? "").trim();
    setBusy(true);
    try {
      const answer = await registerPasskey(name);
      toast.success("Passkey added.");
      formElement.reset();
      if (answer.recovery_codes?.length) onCodes(answer.recovery_codes);
      onChange();
    } catch (error) {
      toast.error(passkeyError(error) ?? errorMessage(error, "The passkey could not be added."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      <FormOutcome result={posted?.ok && posted.intent === "passkey-remove" ? posted : undefined} />
      {passkeys.length ? (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="font-medium">{p.name}</p>
                <p className="text-sm text-slate-700">
                  Added {day(p.created_at)} · last used {day(p.last_used_at)}
                </p>
              </div>
              <OpenButton
                name="remove-passkey"
                value={p.id}
                className={secondaryButtonClass}
                onOpen={() => setRemoving(p)}
                aria-label={`Remove passkey ${p.name}`}
              >
                Remove
              </OpenButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No passkeys yet.</p>
      )}
      {removing ? (
        <IdentityCheckForm
          key={removing.id}
          title={`Remove the passkey "${removing.name}"?`}
          text="It can no longer sign in to this account."
          submitLabel={`Remove passkey ${removing.name}`}
          withCode={totp}
          withRecoveryCode={recoveryCodesLeft > 0}
          intent="passkey-remove"
          id={removing.id}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      <form onSubmit={add} noValidate className="flex max-w-md flex-wrap items-end gap-3">
        <Field label="Passkey name" name="name" maxLength={60} placeholder="e.g. Work laptop" className="min-w-0 flex-1" />
        <button type="submit" className={buttonClass} disabled={busy}>
          Add a passkey
        </button>
      </form>
    </div>
  );
}
