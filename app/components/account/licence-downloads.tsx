import { Form } from "react-router";
import { byteSize } from "../../lib/byte-size";
import { minisigPath } from "../../lib/release-signature";

export type AccountBuild = {
  id: number;
  release_version: string;
  platform: string;
  arch: string;
  filename: string;
  size: number;
  sha256: string;
  signed: boolean;
};

/**
 * The builds a licence may download. Each button is a plain form post whose answer is a 303 to a
 * fresh 5-minute /dl link; reloadDocument lets the browser follow it as a download, with or without
 * JavaScript (React Router would otherwise try to navigate to /dl inside the app).
 */
export function LicenceDownloads({ productId, licenceId, builds }: { productId: string; licenceId: number; builds: AccountBuild[] }) {
  if (!builds.length) return null;
  return (
    <section aria-label="Downloads" className="mt-3 rounded-lg border border-slate-300 bg-white p-3">
      <h4 className="font-semibold">Downloads</h4>
      <ul className="mt-2 divide-y divide-slate-200">
        {builds.map((b) => (
          <li key={b.id} className="py-2" data-testid={`build-${b.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <strong>{b.release_version}</strong> · {b.platform} {b.arch} · {byteSize(b.size)}
                <span className="block text-sm break-all text-slate-700">{b.filename}</span>
              </span>
              <Form method="post" reloadDocument>
                <input type="hidden" name="licence" value={licenceId} />
                <input type="hidden" name="artifact" value={b.id} />
                <button
                  type="submit"
                  name="intent"
                  value="download"
                  className="rounded bg-sky-800 px-3 py-1 text-sm font-semibold text-white hover:bg-sky-900"
                  aria-label={`Download ${b.filename}`}
                >
                  Download
                </button>
              </Form>
            </div>
            <p className="mt-1 font-mono text-xs break-all text-slate-700" data-testid={`sha256-${b.id}`}>
              SHA-256 {b.sha256}
            </p>
            {b.signed ? (
              <p className="mt-1 text-sm">
                <a className="text-sky-800 underline" href={minisigPath(productId, b)} download aria-label={`Signature of ${b.filename}`}>
                  Signature ({b.filename}.minisig)
                </a>{" "}
                ·{" "}
                <a className="text-sky-800 underline" href={`/releases/${encodeURIComponent(productId)}#verify-title`}>
                  how to check it with minisign
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
