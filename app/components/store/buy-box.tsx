import { useEffect, useState } from "react";
import type { StoreProduct } from "../../../contract/store";
import { formatInr } from "../../lib/money";

type Offer = { kind: "unknown" } | { kind: "none" } | { kind: "sale"; item: StoreProduct };

/** The newest version for sale of one product, or null (versions compare numerically: 1.10 > 1.9). */
export function offerFor(items: StoreProduct[], productId: string): StoreProduct | null {
  const parts = (v: string) => v.split(".").map(Number);
  const newer = (a: string, b: string) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
    return false;
  };
  return items
    .filter((i) => i.product_id === productId)
    .reduce<StoreProduct | null>((best, i) => (!best || newer(i.version, best.version) ? i : best), null);
}

/**
 * The price and Buy button of a product page. The page is prerendered and served from memory, so
 * the live price arrives by one small request after hydration (decision 014). The box keeps its
 * size whatever the answer, so nothing on the page moves; without JavaScript the Buy link still
 * works and the checkout page (server-rendered) shows the price.
 */
export function BuyBox({ productId, productName }: { productId: string; productName: string }) {
  const [offer, setOffer] = useState<Offer>({ kind: "unknown" });
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/store/products", { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<StoreProduct[]>) : Promise.reject(new Error(String(r.status)))))
      .then((items) => {
        const item = Array.isArray(items) ? offerFor(items, productId) : null;
        setOffer(item ? { kind: "sale", item } : { kind: "none" });
      })
      // Offline or a server error: the link to the checkout stays, which shows the price itself.
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId]);

  const item = offer.kind === "sale" ? offer.item : null;
  return (
    <section aria-labelledby="buy-heading" className="rounded-xl border border-sky-200 bg-sky-50 p-5">
      <h2 id="buy-heading" className="text-xl font-bold">
        Buy a {productName} licence
      </h2>
      <div className="mt-3 flex min-h-[4.5rem] flex-wrap items-center justify-between gap-4">
        <p aria-live="polite" className="min-w-0">
          {item ? (
            <>
              <span className="block text-2xl font-bold text-slate-900" data-testid="store-price">
                {formatInr(item.amount)}
              </span>
              <span className="block text-sm text-slate-700">
                Version {item.version} · {item.licence_term_months}-month licence for up to {item.machine_limit} machines
              </span>
            </>
          ) : offer.kind === "none" ? (
            <span className="text-slate-700">Licences are not on sale at the moment.</span>
          ) : (
            <span className="text-slate-700">The price is shown on the checkout page.</span>
          )}
        </p>
        {offer.kind === "none" ? null : (
          <a
            href={`/checkout/${encodeURIComponent(productId)}`}
            className="inline-block rounded-lg bg-sky-700 px-6 py-3 font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
          >
            Buy{" "}
            {item ? (
              <span className="sr-only">
                {productName} for {formatInr(item.amount)}
              </span>
            ) : (
              <span className="sr-only">{productName}</span>
            )}
          </a>
        )}
      </div>
    </section>
  );
}
