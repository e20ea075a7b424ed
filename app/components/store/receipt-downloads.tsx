import { useState } from "react";
import { type Build, DownloadLinkSchema } from "../../../contract/artifacts";
import { ApiErrorSchema } from "../../../contract/common";
import { DownloadList } from "./download-list";

/**
 * The product's download list under this order's licence (the product page's builds while the
 * licence is current). Each button asks for a 5-minute signed link with the
 * licence key shown on the page (POST /api/downloads) and follows it.
 */
export function ReceiptDownloads({ productId, builds, licenceKey }: { productId: string; builds: Build[]; licenceKey: string }) {
  const [status, setStatus] = useState("");
  if (!builds.length) return null;

  async function download(build: Build) {
    setStatus(`Preparing ${build.filename}…`);
    try {
      const res = await fetch("/api/downloads", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ key: licenceKey, artifact_id: build.id }),
      });
      const body: unknown = await res.json();
      const link = DownloadLinkSchema.safeParse(body);
      if (!res.ok || !link.success) {
        const failure = ApiErrorSchema.safeParse(body);
        setStatus(failure.success ? failure.data.message : "The download could not be prepared; try again.");
        return;
      }
      setStatus(`Downloading ${build.filename}.`);
      window.location.assign(link.data.url);
    } catch {
      setStatus("The server could not be reached; try again.");
    }
  }

  return (
    <section aria-labelledby="downloads-title" className="my-6 rounded-lg border border-slate-300 p-4">
      <h2 id="downloads-title" className="text-xl font-bold">
        Downloads
      </h2>
      <div className="mt-2">
        <DownloadList
          productId={productId}
          builds={builds}
          action={(b) => (
            <button
              type="button"
              className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
              onClick={() => download(b)}
            >
              Download {b.filename}
            </button>
          )}
        />
      </div>
      <p role="status" className="mt-2 text-sm">
        {status}
      </p>
    </section>
  );
}
