import { Form } from "react-router";
import { CopyButton } from "../copy-button";

const small = "rounded border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-100";

/** A seated machine's "Licence file" button: a fresh signed file for that machine. */
export function MachineLicenceFileButton({ licenceId, machineId, label }: { licenceId: number; machineId: number; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="licence" value={licenceId} />
      <input type="hidden" name="machine" value={machineId} />
      <button type="submit" name="intent" value="licence-file" className={small} aria-label={`Licence file for ${label}`}>
        Licence file
      </button>
    </Form>
  );
}

/** A file name from a fingerprint: its safe characters only. */
const fileName = (fingerprint: string) => `licence-${fingerprint.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60)}.lic`;

/**
 * "Activate a machine by its fingerprint" (a machine that cannot reach us: it takes a seat and gets
 * its file here), and the file just made, to copy or download. The download is a data: link, so it
 * works without JavaScript and the file never sits on our server.
 */
export function LicenceFiles({ licenceId, made }: { licenceId: number; made?: { fingerprint: string; file: string } }) {
  return (
    <div className="mt-3">
      {made ? (
        <div className="rounded border border-sky-200 bg-sky-50 p-3" data-testid="licence-file">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold">Licence file for {made.fingerprint}</span>
            <a
              href={`data:application/octet-stream;charset=utf-8,${encodeURIComponent(made.file)}`}
              download={fileName(made.fingerprint)}
              className="rounded bg-sky-800 px-3 py-1 text-xs font-semibold text-white hover:bg-sky-900"
            >
              Download
            </a>
            <CopyButton text={made.file} />
          </div>
          <pre className="mt-2 overflow-x-auto text-xs break-all whitespace-pre-wrap" aria-label="Licence file text">
            {made.file}
          </pre>
        </div>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold">Activate a machine by its fingerprint</summary>
        <Form method="post" className="mt-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm">
          <p>For a machine that cannot reach us: it takes a seat, and you copy its licence file to it (valid 30 days).</p>
          <input type="hidden" name="licence" value={licenceId} />
          <label className="mt-2 block font-medium">
            Machine fingerprint
            <input
              name="fingerprint"
              required
              maxLength={128}
              autoComplete="off"
              spellCheck={false}
              className="mt-1 block w-full rounded border border-slate-400 px-2 py-1 font-mono"
            />
          </label>
          <button type="submit" name="intent" value="licence-file-new" className={`mt-2 ${small}`}>
            Make the licence file
          </button>
        </Form>
      </details>
    </div>
  );
}
