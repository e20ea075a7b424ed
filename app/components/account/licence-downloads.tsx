import { Form } from "react-router";
import type { Build } from "../../../contract/artifacts";
import { DownloadList } from "../store/download-list";

/**
 * The builds a licence may download: the product page's list under this licence. Each button is a
 * plain form post whose answer is a 303 to a fresh 5-minute /dl link; reloadDocument lets the
 * browser follow it as a download, with or without JavaScript (React Router would otherwise try to
 * navigate to /dl inside the app).
 */
export function LicenceDownloads({ productId, licenceId, builds }: { productId: string; licenceId: number; builds: Build[] }) {
  if (!builds.length) return null;
  return (
    <section aria-label="Downloads" className="mt-3 rounded-lg border border-slate-300 bg-white p-3">
      <h4 className="mb-2 font-semibold">Downloads</h4>
      <DownloadList
        productId={productId}
        builds={builds}
        action={(b) => (
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
        )}
      />
    </section>
  );
}
