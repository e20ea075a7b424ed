import { useState } from "react";
import type { ProductInformation } from "../../../contract/products";
import { secondaryButtonClass } from "./form-field";

const PAGE_SIZE = 5; // five codes per page, as the original screen showed

/** The existing coupons of one version, 5 per page. Status is words as well as colour. */
export function CouponTable({ coupons }: { coupons: ProductInformation["coupons"] }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(coupons.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = coupons.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);
  return (
    <section aria-labelledby="coupons-title" className="mt-8 rounded-lg bg-white p-4 shadow">
      <h2 id="coupons-title" className="text-xl font-semibold">
        Existing coupons
      </h2>
      {coupons.length === 0 ? (
        <p className="mt-3 text-slate-700">No coupons for this version yet.</p>
      ) : (
        <>
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="coupons-title">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    S.No
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Coupon ID
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    Discount
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((coupon, i) => (
                  <tr key={coupon.value} className="border-b border-slate-100">
                    <td className="py-2 pr-4">{current * PAGE_SIZE + i + 1}</td>
                    <td className="py-2 pr-4 font-mono break-all">{coupon.value}</td>
                    <td className={`py-2 pr-4 font-semibold ${coupon.status ? "text-green-800" : "text-red-700"}`}>
                      {coupon.status ? "Used" : "Unused"}
                    </td>
                    <td className="py-2">{coupon.discount}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Coupon pages" className="mt-3 flex items-center gap-3">
            <button type="button" className={secondaryButtonClass} disabled={current === 0} onClick={() => setPage(current - 1)}>
              Previous
            </button>
            <span className="text-sm" aria-live="polite">
              Page {current + 1} of {pages}
            </span>
            <button type="button" className={secondaryButtonClass} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
