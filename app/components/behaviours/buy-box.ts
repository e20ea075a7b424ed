import type { StoreProduct } from "../../../contract/store";
import { formatInr } from "../../lib/money";
import type { Behaviour } from "../../lib/use-behaviour";

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

const span = (className: string, text: string) => {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
};

/**
 * Fills a Buy box (components/store/buy-box.tsx) with the live price by one small request
 * (decision 014), or says that licences are not on sale and drops the Buy link. Offline or on a
 * server error the box stays as rendered: its link leads to the checkout, which shows the price.
 */
export const buyBox: Behaviour = (box) => {
  const controller = new AbortController();
  const productId = box.dataset.productId ?? "";
  const productName = box.dataset.productName ?? "";
  fetch("/api/store/products", { headers: { Accept: "application/json" }, signal: controller.signal })
    .then((r) => (r.ok ? (r.json() as Promise<StoreProduct[]>) : Promise.reject(new Error(String(r.status)))))
    .then((items) => {
      const item = Array.isArray(items) ? offerFor(items, productId) : null;
      const offer = box.querySelector("[data-offer]");
      const buy = box.querySelector("[data-buy]");
      if (!item) {
        offer?.replaceChildren(span("text-slate-700", "Licences are not on sale at the moment."));
        buy?.remove();
        return;
      }
      const price = span("block text-2xl font-bold text-slate-900", formatInr(item.amount));
      price.dataset.testid = "store-price";
      const terms = `Version ${item.version} · ${item.licence_term_months}-month licence for up to ${item.machine_limit} machines`;
      offer?.replaceChildren(price, span("block text-sm text-slate-700", terms));
      buy?.querySelector(".sr-only")?.replaceChildren(`${productName} for ${formatInr(item.amount)}`);
    })
    .catch(() => undefined);
  return () => controller.abort();
};
