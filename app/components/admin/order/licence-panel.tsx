import { Form, useSubmit } from "react-router";
import type { OrderLicence } from "../../../../contract/admin-order-detail";
import type { FormResult } from "../../../lib/form-result";
import { useConfirm } from "../confirm-dialog";
import { Field, buttonClass, secondaryButtonClass } from "../form-field";
import { LocalTime } from "../local-time";
import { ActionMessage, Facts } from "./order-section";

const STATE_LABEL = { valid: "Valid", expired: "Expired", revoked: "Revoked" } as const;

/** The licence, its machines (each with Free this machine) and the revoke/restore and extend forms. */
export function LicencePanel({ licence, result, busy }: { licence: OrderLicence; result?: FormResult<unknown>; busy: boolean }) {
  const [dialog, confirm] = useConfirm();
  const submit = useSubmit();
  const errors = result && !result.ok ? result.errors : {};
  // With JavaScript, a revoke is confirmed first; without it the form posts straight away.
  const confirmRevoke = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // An empty reason goes to the server as it is, which answers with the field's message.
    if (!String(new FormData(form).get("reason") ?? "").trim()) return void (await submit(form));
    const ok = await confirm({
      title: "Revoke this licence?",
      text: "Its key stops validating at once on every machine. You can restore it later.",
      confirmLabel: "Revoke licence",
    });
    if (ok) await submit(form);
  };
  return (
    <>
      {dialog}
      <Facts
        rows={[
          ["Key", <span className="font-mono">…-{licence.key_hint}</span>],
          ["State", <strong data-testid="licence-state">{STATE_LABEL[licence.state]}</strong>],
          ["Valid until", <LocalTime iso={licence.expires_at} withTime={false} />],
          ["Machines", `${licence.machines.length} of ${licence.machine_limit}`],
        ]}
      />
      <h3 className="mt-4 font-semibold">Machines</h3>
      {licence.machines.length === 0 ? (
        <p className="text-sm text-slate-700">No machine holds a seat.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200">
          {licence.machines.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <strong>{m.name || "Unnamed machine"}</strong> · activated <LocalTime iso={m.activated_at} /> · last seen{" "}
                {m.last_seen_at ? <LocalTime iso={m.last_seen_at} /> : "not yet"}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="release" />
                <input type="hidden" name="licence_id" value={licence.id} />
                <input type="hidden" name="machine_id" value={m.id} />
                <button type="submit" className={secondaryButtonClass} disabled={busy} aria-label={`Free this machine: ${m.name || m.id}`}>
                  Free this machine
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <ActionMessage result={result} intent="release" />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {licence.revoked_at ? (
          <Form method="post" aria-label="Restore the licence">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="licence_id" value={licence.id} />
            <p className="text-sm">
              Revoked <LocalTime iso={licence.revoked_at} />.
            </p>
            <button type="submit" className={`${buttonClass} mt-2`} disabled={busy}>
              Restore licence
            </button>
            <ActionMessage result={result} intent="restore" />
          </Form>
        ) : (
          <Form method="post" noValidate aria-label="Revoke the licence" onSubmit={confirmRevoke}>
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="licence_id" value={licence.id} />
            <Field label="Reason for revoking" name="reason" maxLength={500} required error={errors.reason} />
            <button
              type="submit"
              className="mt-2 rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              disabled={busy}
            >
              Revoke licence
            </button>
            <ActionMessage result={result} intent="revoke" />
          </Form>
        )}
        <Form method="post" noValidate aria-label="Extend the licence">
          <input type="hidden" name="intent" value="extend" />
          <input type="hidden" name="licence_id" value={licence.id} />
          <Field
            label="Extend by months (1-36)"
            name="months"
            type="number"
            min={1}
            max={36}
            defaultValue={12}
            required
            error={errors.months}
          />
          <button type="submit" className={`${buttonClass} mt-2`} disabled={busy}>
            Extend term
          </button>
          <ActionMessage result={result} intent="extend" />
        </Form>
      </div>
    </>
  );
}
