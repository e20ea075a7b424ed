import { Form } from "react-router";
import type { AccountLicence } from "../../../contract/account";
import { CopyButton } from "../copy-button";
import { formatDate } from "../../../contract/time";
import { LicenceFiles, MachineLicenceFileButton } from "./licence-files";

const day = (iso: string | null) => (iso ? formatDate(iso) : "not yet");
const small = "rounded border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-100";

/** One licence: the key hidden but for its last group (Reveal, Copy), its machines, Replace my key. */
export function LicencePanel({
  licence,
  revealedKey,
  licenceFile,
}: {
  licence: AccountLicence;
  revealedKey?: string;
  licenceFile?: { fingerprint: string; file: string };
}) {
  const usable = licence.status !== "revoked";
  return (
    <section aria-label={`Licence ending ${licence.key_hint}`} className="mt-3 rounded-lg border border-slate-300 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Licence key</span>
        {revealedKey ? (
          <>
            <code className="font-mono break-all select-all" data-testid="licence-key">
              {revealedKey}
            </code>
            <CopyButton text={revealedKey} />
          </>
        ) : (
          <>
            {/* aria-label is not allowed on <code> (the Nu checker): the spoken text is its own span. */}
            <span className="sr-only">Hidden, ending {licence.key_hint}</span>
            <code className="font-mono" aria-hidden="true" data-testid="key-hint">
              •••••-{licence.key_hint}
            </code>
            {usable ? (
              <Form method="post">
                <input type="hidden" name="licence" value={licence.id} />
                <button type="submit" name="intent" value="reveal" className={small}>
                  Reveal
                </button>
              </Form>
            ) : null}
          </>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {licence.status === "revoked" ? "Revoked. " : licence.status === "expired" ? "Expired. " : ""}Valid until {day(licence.expires_at)}{" "}
        · {licence.machines.length} of {licence.machine_limit} machines
      </p>
      {licence.machines.length ? (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Machines">
          {licence.machines.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{m.name ?? "Unnamed machine"}</strong>
                <span className="block text-sm text-slate-700">
                  Activated {day(m.activated_at)} · last seen {day(m.last_seen_at)}
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                {usable ? <MachineLicenceFileButton licenceId={licence.id} machineId={m.id} label={m.name ?? "unnamed machine"} /> : null}
                <Form method="post">
                  <input type="hidden" name="licence" value={licence.id} />
                  <input type="hidden" name="machine" value={m.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="release"
                    className={small}
                    aria-label={`Free this seat: ${m.name ?? "unnamed machine"}`}
                  >
                    Free this seat
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No machine is using this licence.</p>
      )}
      {usable ? <LicenceFiles licenceId={licence.id} made={licenceFile} /> : null}
      {usable ? (
        // Keyed by the key's last group: once a new key is in, React mounts a fresh panel, closed and unticked.
        <details key={licence.key_hint} className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-red-800">Replace my key</summary>
          <Form method="post" className="mt-2 rounded border border-red-200 bg-red-50 p-3 text-sm">
            <p>For a key that leaked: you get a new key, the old one stops working at once and every machine must activate again.</p>
            <input type="hidden" name="licence" value={licence.id} />
            <label className="mt-2 flex items-center gap-2">
              <input type="checkbox" name="confirm" value="yes" required /> I understand, replace the key
            </label>
            <button
              type="submit"
              name="intent"
              value="rotate"
              className="mt-2 rounded bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800"
            >
              Replace my key
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
