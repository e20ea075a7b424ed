import { Link } from "react-router";
import type { ProductEntry } from "../content/products";
import { ProductIcon } from "./product-icon";

function Column({ title, items }: { title: string; items: ProductEntry[] }) {
  return (
    <div>
      <h3 className="text-xl font-bold text-slate-900">{title}</h3>
      <ul className="mt-4 space-y-3">
        {items.map((p) => (
          <li key={p.name} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <ProductIcon name={p.icon} className="h-12 w-12 shrink-0" />
            <div>
              <p className="text-xs font-semibold text-sky-800 uppercase">{p.category}</p>
              <Link className="font-semibold text-slate-900 underline-offset-2 hover:underline" to={p.link}>
                {p.name}
              </Link>
              <p className="text-sm text-slate-700">{p.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The landing listing: 'Cybersecurity Products' beside 'Other Products'. */
export function ProductListing({ cyber, other }: { cyber: ProductEntry[]; other: ProductEntry[] }) {
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <Column title="Cybersecurity Products" items={cyber} />
      <Column title="Other Products" items={other} />
    </div>
  );
}
