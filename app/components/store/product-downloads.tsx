import { byteSize } from "../../lib/byte-size";

export type ProductBuild = {
  id: number;
  release_version: string;
  platform: string;
  arch: string;
  filename: string;
  size: number;
  sha256: string;
};

const PLATFORM_NAMES: Record<string, string> = { windows: "Windows", linux: "Linux", mac: "macOS" };
const link = "text-sky-800 underline hover:text-sky-950";
const label = (b: ProductBuild) => `${PLATFORM_NAMES[b.platform] ?? b.platform} ${b.arch === "arm64" ? "arm64" : "x86_64"}`;

/**
 * A product page's download buttons from its published builds (server-rendered). A free product's
 * button posts to the page, which answers with a 303 to a fresh signed link; a paid product's
 * builds are listed with the way to them: buy, then download from the account.
 */
export function ProductDownloads({
  productId,
  productName,
  free,
  builds,
  error,
}: {
  productId: string;
  productName: string;
  free: boolean;
  builds: ProductBuild[];
  error?: string;
}) {
  const version = builds[0]?.release_version;
  return (
    <section aria-labelledby="download-heading" className="space-y-3">
      <h2 id="download-heading" className="text-2xl font-bold">
        Download {productName} {version}
      </h2>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      {free ? null : (
        <p>
          The builds come with a licence:{" "}
          <a className={link} href={`/checkout/${productId}`}>
            buy one
          </a>
          , then download them from{" "}
          <a className={link} href="/account">
            your account
          </a>
          .
        </p>
      )}
      <ul className="space-y-3">
        {builds.map((b) => (
          <li key={b.id} className="rounded-xl border border-slate-200 p-4" data-testid={`build-${b.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                <strong>{label(b)}</strong> · {b.release_version} · {byteSize(b.size)}
                <span className="block text-sm break-all text-slate-700">{b.filename}</span>
              </span>
              {free ? (
                <form method="post">
                  <input type="hidden" name="artifact" value={b.id} />
                  <button type="submit" className="rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800">
                    Download for {label(b)}
                  </button>
                </form>
              ) : null}
            </div>
            <p className="mt-1 font-mono text-xs break-all text-slate-700">SHA-256 {b.sha256}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Checksums:{" "}
        <a className={link} href={`/releases/${productId}/${version}/SHA256SUMS`}>
          SHA256SUMS
        </a>{" "}
        (check with <code>sha256sum -c</code>) ·{" "}
        <a className={link} href={`/releases/${productId}`}>
          release notes
        </a>
      </p>
    </section>
  );
}
