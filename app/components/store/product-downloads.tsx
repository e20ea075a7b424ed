import type { Build } from "../../../contract/artifacts";
import { buildLabel, DownloadList } from "./download-list";

const link = "text-sky-800 underline hover:text-sky-950";

/** The version that is sold and what a licence of it covers (a product page, beside its Buy box). */
export function SaleNote({ productName, sale }: { productName: string; sale: { version: string; licence_term_months: number } }) {
  const term = sale.licence_term_months === 1 ? "1 month" : `${sale.licence_term_months} months`;
  return (
    <p className="rounded-lg border border-slate-200 p-3" data-testid="sale-note">
      On sale:{" "}
      <strong>
        {productName} {sale.version}
      </strong>
      . A licence runs {term} and includes every release published during its term.
    </p>
  );
}

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
  builds: Build[];
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
      <DownloadList
        productId={productId}
        builds={builds}
        action={
          free
            ? (b) => (
                <form method="post">
                  <input type="hidden" name="artifact" value={b.id} />
                  <button type="submit" className="rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800">
                    Download for {buildLabel(b)}
                  </button>
                </form>
              )
            : undefined
        }
      />
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
