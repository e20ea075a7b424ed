import { Form, Link } from "react-router";
import { placeOfSupply } from "../../../contract/gst-states";
import { INVOICE_PAGE_SIZE, type InvoiceListItem, type InvoiceSums } from "../../../contract/invoices";
import { Field, buttonClass } from "../../components/admin/form-field";
import { ListCount, PageLinks, pageCount } from "../../components/admin/list-controls";
import { CsvLink } from "../../components/admin/list-shell";
import { formatInr } from "../../lib/money";
import { shiftMonth } from "../../lib/months";
import type { Route } from "./+types/invoices";
import { loadInvoices } from "./invoices.server";
import { requireAdminPage } from "./session.server";
import { formatDay, formatMonth } from "../../../contract/time";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return loadInvoices(request, context);
}

const KIND = { invoice: "Invoice", credit_note: "Credit note" } as const;
const HEADS = [
  ["taxable", "Taxable"],
  ["cgst", "CGST"],
  ["sgst", "SGST"],
  ["igst", "IGST"],
  ["total", "Total"],
] as const;
const num = "py-2 pr-4 text-right whitespace-nowrap tabular-nums";
const cell = "py-2 pr-4 align-top";
const docHref = (number: string) => `/api/admin/invoices/${encodeURIComponent(number)}`;

/** /dashboard/invoices: the register of invoices and credit notes by month or by days, its sums per tax head and its CSV. */
export default function Invoices({ loaderData: { month, from, to, page, list, totals, errors } }: Route.ComponentProps) {
  const pages = pageCount(list.total, INVOICE_PAGE_SIZE);
  const period = new URLSearchParams(month ? { month } : { ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const filters = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const pageHref = (n: number) => `?${new URLSearchParams([...period, ...(n > 1 ? [["page", String(n)]] : [])])}`;
  const title = month
    ? formatMonth(month)
    : from || to
      ? `${from ? formatDay(from) : "the first day"} to ${to ? formatDay(to) : "today"}`
      : "the period";
  return (
    <>
      <title>Invoices | Admin</title>
      <h1 className="text-2xl font-bold">Invoices and credit notes</h1>
      <div className="mt-4 flex flex-wrap items-end gap-x-8 gap-y-4">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose a month">
          <Field label="Month" name="month" type="month" defaultValue={month ?? ""} error={errors.month} className="w-44" />
          <button type="submit" className={buttonClass}>
            Show month
          </button>
        </Form>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose days">
          <Field label="From (India day)" name="from" type="date" defaultValue={from ?? ""} error={errors.from} className="w-44" />
          <Field label="To (India day)" name="to" type="date" defaultValue={to ?? ""} error={errors.to} className="w-44" />
          <button type="submit" className={buttonClass}>
            Show days
          </button>
        </Form>
      </div>
      {month ? (
        <nav aria-label="Other months" className="mt-3 flex gap-4 text-sm">
          <Link to={`?month=${shiftMonth(month, -1)}`} className="text-blue-800 underline">
            ← {formatMonth(shiftMonth(month, -1))}
          </Link>
          <Link to={`?month=${shiftMonth(month, 1)}`} className="text-blue-800 underline">
            {formatMonth(shiftMonth(month, 1))} →
          </Link>
        </nav>
      ) : null}

      {totals ? (
        <section className="mt-6 rounded-lg bg-white p-4 shadow" aria-labelledby="invoice-totals-title">
          <h2 id="invoice-totals-title" className="text-lg font-semibold">
            Totals for {title}
          </h2>
          <div className="relative mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="invoice-totals-title">
            <table className="w-full text-left text-sm" data-testid="invoice-totals">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className={cell}>
                    Documents
                  </th>
                  {HEADS.map(([key, label]) => (
                    <th key={key} scope="col" className={num}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <SumsRow label={`Invoices (${totals.invoice.count})`} sums={totals.invoice} />
                <SumsRow label={`Credit notes (${totals.credit_note.count})`} sums={totals.credit_note} />
                <SumsRow label="Net (invoices less credit notes)" sums={totals.net} strong />
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section className="mt-6 rounded-lg bg-white p-4 shadow" aria-labelledby="invoice-list-title">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="invoice-list-title" className="text-lg font-semibold">
            Documents of {title}
          </h2>
          {totals ? <CsvLink path="/api/admin/invoices.csv" query={filters} label="Download CSV" /> : null}
        </div>
        <ListCount total={list.total} noun="document" className="mt-1" />
        {list.items.length === 0 ? (
          <p className="mt-3 text-slate-700">No invoices or credit notes in this period.</p>
        ) : (
          <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="invoice-list-title">
            <table className="w-full text-left text-sm" data-testid="invoice-register">
              <thead className="border-b border-slate-300">
                <tr>
                  {["Number", "Kind", "Date", "Order", "Buyer GSTIN", "Place of supply"].map((h) => (
                    <th key={h} scope="col" className={`${cell} whitespace-nowrap`}>
                      {h}
                    </th>
                  ))}
                  {HEADS.map(([key, label]) => (
                    <th key={key} scope="col" className={num}>
                      {label}
                    </th>
                  ))}
                  <th scope="col" className={`${cell} whitespace-nowrap`}>
                    Reverses
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((d) => (
                  <DocumentRow key={d.number} d={d} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? <PageLinks label="Invoice pages" page={page} pages={pages} href={pageHref} markCurrent /> : null}
      </section>
    </>
  );
}

function SumsRow({ label, sums, strong = false }: { label: string; sums: InvoiceSums; strong?: boolean }) {
  return (
    <tr className={`border-b border-slate-100 ${strong ? "font-semibold" : ""}`}>
      <th scope="row" className={`${cell} font-normal ${strong ? "font-semibold" : ""}`}>
        {label}
      </th>
      {HEADS.map(([key]) => (
        <td key={key} className={num}>
          {formatInr(sums[key])}
        </td>
      ))}
    </tr>
  );
}

function DocumentRow({ d }: { d: InvoiceListItem }) {
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className={`${cell} font-normal whitespace-nowrap`}>
        <a href={docHref(d.number)} className="font-mono text-blue-800 underline">
          {d.number}
        </a>{" "}
        <a href={`${docHref(d.number)}/pdf`} className="text-blue-800 underline" aria-label={`${d.number} as PDF`}>
          PDF
        </a>
      </th>
      <td className={cell}>{KIND[d.kind]}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatDay(d.date)}</td>
      <td className={cell}>
        <Link to={`/dashboard/orders/${d.order_id}`} className="whitespace-nowrap text-blue-800 underline">
          #{d.order_id}
        </Link>
      </td>
      <td className={`${cell} font-mono`}>{d.buyer_gstin ?? ""}</td>
      <td className={cell}>{d.place_of_supply ? placeOfSupply(d.place_of_supply) : ""}</td>
      {HEADS.map(([key]) => (
        <td key={key} className={num}>
          {formatInr(d[key])}
        </td>
      ))}
      <td className={`${cell} font-mono whitespace-nowrap`}>{d.reverses ?? ""}</td>
    </tr>
  );
}
