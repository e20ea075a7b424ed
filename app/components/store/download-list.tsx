import type { ReactNode } from "react";
import type { Build } from "../../../contract/artifacts";
import { byteSize } from "../../lib/byte-size";
import { minisigPath } from "../../lib/release-signature";

const PLATFORM_NAMES: Record<string, string> = { windows: "Windows", linux: "Linux", mac: "macOS" };

/** "Linux x86_64", "macOS arm64": how every page names a build's target. */
export const buildLabel = (b: Build) => `${PLATFORM_NAMES[b.platform] ?? b.platform} ${b.arch}`;

/**
 * The one list of a product's builds (the product page, the receipt and the account draw it from
 * the same published artifacts, server/features/releases/downloads.ts). Each page supplies only the
 * way to a build (`action`): a form post, a request with the receipt's key, or nothing to buy first.
 * A signed build links its minisign signature and the release notes' check command.
 */
export function DownloadList({ productId, builds, action }: { productId: string; builds: Build[]; action?: (b: Build) => ReactNode }) {
  return (
    <ul className="space-y-3" aria-label="Builds">
      {builds.map((b) => (
        <li key={b.id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid={`build-${b.id}`} data-build={b.filename}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0">
              <strong>{buildLabel(b)}</strong> · {b.release_version} · {byteSize(b.size)}
              <span className="block text-sm break-all text-slate-700">{b.filename}</span>
            </span>
            {action ? action(b) : null}
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
  );
}
