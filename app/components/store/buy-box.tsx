import { useRef } from "react";
import { useBehaviour } from "../../lib/use-behaviour";
import { buyBox } from "../behaviours/buy-box";

/**
 * The price and Buy button of a product page. The page is prerendered and served from memory, so
 * the live price arrives by one small request once the page runs its scripts (decision 014,
 * behaviours/buy-box.ts). The box keeps its size whatever the answer, so nothing on the page moves;
 * without JavaScript the Buy link still works and the checkout page (server-rendered) shows the price.
 */
export function BuyBox({ productId, productName }: { productId: string; productName: string }) {
  const ref = useRef<HTMLElement>(null);
  useBehaviour(ref, buyBox);
  return (
    <section
      ref={ref}
      data-behaviour="buy-box"
      data-product-id={productId}
      data-product-name={productName}
      aria-labelledby="buy-heading"
      className="rounded-xl border border-sky-200 bg-sky-50 p-5"
    >
      <h2 id="buy-heading" className="text-xl font-bold">
        Buy a {productName} licence
      </h2>
      <div className="mt-3 flex min-h-[4.5rem] flex-wrap items-center justify-between gap-4">
        <p aria-live="polite" className="min-w-0" data-offer="">
          <span className="text-slate-700">The price is shown on the checkout page.</span>
        </p>
        <a
          href={`/checkout/${encodeURIComponent(productId)}`}
          data-buy=""
          className="inline-block rounded-lg bg-sky-700 px-6 py-3 font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
        >
          Buy <span className="sr-only">{productName}</span>
        </a>
      </div>
      <p className="mt-2 text-sm">
        <a className="text-sky-800 underline" href={`/releases/${encodeURIComponent(productId)}`}>
          {productName} release notes
        </a>
      </p>
    </section>
  );
}
