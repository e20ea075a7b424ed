import { useState } from "react";
import toast from "react-hot-toast";
import type { FactorChange, MfaStatus } from "../../../../contract/identity";
import { api, errorMessage } from "../../../lib/api-client";
import { passkeyError, registerPasskey } from "../../../lib/passkey-client";
import { buttonClass, Field, secondaryButtonClass } from "../form-field";
import { IdentityCheckForm } from "./identity-check-form";

type Props = {
  passkeys: MfaStatus["passkeys"];
  onCodes: (codes: string[]) => void;
  onChange: () => void;
  /** The authenticator app is on: its code may confirm a removal instead of the password. */
  totp: boolean;
  /** Unused recovery codes: one may confirm a removal instead of the password. */
  recoveryCodesLeft: number;
};

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-IN", { dateStyle: "medium" }) : "never");

/** Passkeys of this admin: add one on this device (it signs in alone), or remove one. */
export function PasskeysSection({ passkeys, onCodes, onChange, totp, recoveryCodesLeft }: Props) {
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

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

  async function remove(id: number, proof: FactorChange) {
    await api(`/api/admin/mfa/passkeys/${id}`, { method: "DELETE", json: proof });
    setRemoving(null);
    toast.success("Passkey removed.");
    onChange();
  }

  return (
    <div className="grid gap-4">
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
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setRemoving({ id: p.id, name: p.name })}
                aria-label={`Remove passkey ${p.name}`}
              >
                Remove
              </button>
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
          send={(proof) => remove(removing.id, proof)}
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
