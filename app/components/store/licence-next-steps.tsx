import type { OrderPublicView } from "../../../contract/store";
import { site } from "../../site";
import { CodeBlock } from "../code-block";
import { productDownloads, productPage } from "./product-links";
import { formatDate } from "../../../contract/time";

const link = "text-sky-800 underline";

/**
 * What a buyer does with the key: download, activate, and move it between machines. The configured
 * download links stand in only for a product without any build (`fallback`); otherwise the receipt's
 * Downloads list is the one to use.
 */
export function LicenceNextSteps({ view, fallback, listed }: { view: OrderPublicView; fallback: boolean; listed: boolean }) {
  const downloads = fallback ? productDownloads(view.product_id) : [];
  const page = productPage(view.product_id);
  const until = view.expires_at ? formatDate(view.expires_at) : null;
  const activate = `curl -X POST ${site.origin}/api/licenses/activate -H 'Content-Type: application/json' -d '{"key":"${view.licence_key}","fingerprint":"<this machine>"}'`;
  return (
    <section aria-labelledby="next-title" className="space-y-4">
      <h2 id="next-title" className="text-xl font-bold">
        What to do next
      </h2>
      <ol className="list-decimal space-y-3 pl-6">
        <li>
          <strong>Download {view.product_name}.</strong>{" "}
          {downloads.length > 0 ? (
            <span className="mt-2 flex flex-wrap gap-3">
              {downloads.map(([label, href]) => (
                <a
                  key={href}
                  className="inline-block rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white hover:bg-sky-800"
                  href={href}
                >
                  {label}
                </a>
              ))}
            </span>
          ) : listed ? (
            <>Use the Downloads list above.</>
          ) : page ? (
            <>
              The downloads and install steps are on the{" "}
              <a className={link} href={page}>
                {view.product_name} page
              </a>
              .
            </>
          ) : null}
          {downloads.length > 0 && page ? (
            <span className="mt-2 block">
              Install steps: the{" "}
              <a className={link} href={page}>
                {view.product_name} page
              </a>
              .
            </span>
          ) : null}
        </li>
        <li>
          <strong>Activate it.</strong> At its first start {view.product_name} asks for the licence key: paste the key above. It activates
          that machine with our licence server; up to {view.machine_limit} machines can be active at a time.
        </li>
        <li>
          <strong>Moving to a new machine?</strong> Deactivate the licence on the old one first (it frees a seat), then activate on the new
          one.
        </li>
      </ol>
      {until ? <p>The licence is valid until {until}.</p> : null}
      <details className="rounded-lg border border-slate-200 p-4">
        <summary className="cursor-pointer font-semibold">Activating from a script</summary>
        <p className="mt-2 text-sm">
          The tools call the licence API; an install script can do the same with any unique machine identifier:
        </p>
        <CodeBlock label="Activation request">{activate}</CodeBlock>
      </details>
    </section>
  );
}
