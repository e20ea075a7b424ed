import { useId } from "react";
import { Link } from "react-router";
import { megaMenu } from "../content/products";
import { ProductIcon } from "./product-icon";

/**
 * The Products mega-menu's markup: every category's list is in the page, the first shown. Opening,
 * closing and choosing a category is the header's behaviour (behaviours/site-header.ts).
 */
export function MegaMenu() {
  const panelId = useId();
  return (
    <div className="relative" data-mega="">
      <button
        type="button"
        aria-expanded={false}
        aria-controls={panelId}
        data-mega-toggle=""
        className="flex w-full items-center gap-1 rounded px-3 py-2 text-left font-medium hover:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        Products
        <svg viewBox="0 0 12 12" className="h-3 w-3 transition-transform [[aria-expanded=true]>&]:rotate-180" aria-hidden="true">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden
        data-mega-panel=""
        className="z-40 w-full bg-white md:absolute md:right-0 md:top-full md:h-[400px] md:w-[640px] md:rounded-xl md:border md:border-slate-200 md:shadow-xl"
      >
        <div className="flex flex-col gap-4 p-3 md:h-full md:flex-row md:p-6">
          <div className="flex gap-2 md:w-52 md:flex-col" role="group" aria-label="Product categories">
            {megaMenu.map((c, i) => (
              <button
                key={c.id}
                type="button"
                aria-pressed={i === 0}
                data-category={c.id}
                className="rounded-lg px-3 py-2 text-left text-sm font-semibold aria-pressed:bg-sky-100 aria-pressed:text-sky-900 aria-[pressed=false]:text-slate-700 aria-[pressed=false]:hover:bg-slate-100"
              >
                {c.label}
              </button>
            ))}
          </div>
          {megaMenu.map((c, i) => (
            <ul key={c.id} className="flex flex-1 flex-col gap-2" aria-label={c.label} data-category-list={c.id} hidden={i !== 0}>
              {c.items.map((item) => (
                <li key={item.path} className="relative">
                  <Link
                    to={item.path}
                    className="flex items-start gap-3 rounded-lg p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
                  >
                    <ProductIcon name={item.icon} className="h-10 w-10 shrink-0" />
                    <span>
                      <span className="block font-semibold text-slate-900">{item.name}</span>
                      <span className="block text-xs text-slate-500">{item.path}</span>
                      <span className="block text-sm text-slate-700">{item.description}</span>
                    </span>
                  </Link>
                  {item.releases ? (
                    // Beside the product's link, not inside it: links do not nest.
                    <Link
                      to={`/releases/${item.releases}`}
                      className="absolute top-2 right-2 inline-flex min-h-6 min-w-6 items-center rounded px-2 py-1 text-xs font-semibold text-sky-800 underline hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-600"
                    >
                      Release notes
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </div>
  );
}
