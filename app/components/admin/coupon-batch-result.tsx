import { useEffect, useState } from "react";
import { csvLine } from "../../../contract/csv";
import { secondaryButtonClass } from "./form-field";
import { formatDay } from "../../../contract/time";

export type StoredBatch = {
  product_id: string;
  product_name: string;
  version: string;
  discount: number;
  codes: string[];
  expires_on?: string;
  note?: string;
};

const COPIED_MS = 2000; // the copied indicator lasts 2000 ms, as on every copy button of the site

/** The batch just stored stays on screen: every code, copy all, and a CSV file of it. */
export function CouponBatchResult({ batch }: { batch: StoredBatch }) {
  const [copied, setCopied] = useState<"" | "ok" | "failed">("");

  // The CSV is built in the browser from the codes on screen (they are all here), as a blob: URL.
  function download() {
    const rows = batch.codes.map((code) => [
      code,
      batch.product_id,
      batch.version,
      batch.discount,
      batch.expires_on ?? "",
      batch.note ?? "",
    ]);
    const text = [["code", "product_id", "version", "discount", "expires_on", "note"], ...rows].map(csvLine).join("");
    const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `coupons-${batch.product_id}-${batch.version}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(""), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copyAll() {
    try {
      await navigator.clipboard.writeText(batch.codes.join("\n"));
      setCopied("ok");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <section aria-labelledby="stored-title" className="mt-6 rounded-lg border border-green-700 bg-white p-4 shadow">
      <h2 id="stored-title" className="text-xl font-semibold">
        Stored batch: {batch.codes.length} coupons
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {batch.product_name} {batch.version}, {batch.discount}% off
        {batch.expires_on ? `, valid through ${formatDay(batch.expires_on)}` : ""}
        {batch.note ? `. Note: ${batch.note}` : ""}
      </p>
      <ul className="mt-3 grid gap-1 font-mono text-sm sm:grid-cols-2 lg:grid-cols-3" aria-label="Stored coupon codes">
        {batch.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButtonClass} onClick={copyAll}>
          Copy all codes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          Download CSV
        </button>
        <span role="status" className="text-sm">
          {copied === "ok" ? "Copied!" : copied === "failed" ? "Copying failed: select the codes and copy them by hand." : ""}
        </span>
      </div>
    </section>
  );
}
