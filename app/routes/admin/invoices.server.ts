import type { AppLoadContext } from "react-router";
import { InvoiceListQuerySchema } from "../../../contract/invoices";
import { parseListQuery } from "../../lib/list-query";
import { MONTH, indiaMonth, monthDays } from "../../lib/months";

/**
 * The screen's period from its URL: `from`/`to` days when either is given, else `month` (India's
 * current month by default). A bad value is a field message and an empty list, as on other lists.
 */
export function invoicePeriod(url: string, now: Date) {
  const params = new URL(url).searchParams;
  const range = Boolean(params.get("from") || params.get("to"));
  const asked = params.get("month") || "";
  const month = range ? null : MONTH.test(asked) ? asked : asked ? null : indiaMonth(now);
  const { query, errors } = range
    ? parseListQuery(url, InvoiceListQuerySchema, ["from", "to"])
    : month
      ? parseListQuery(url, InvoiceListQuerySchema, [], monthDays(month))
      : { query: null, errors: { month: "Use a month such as 2026-08." } as Record<string, string> };
  return { month, query, errors: errors as Record<string, string> };
}

export async function loadInvoices(request: Request, context: AppLoadContext) {
  const { month, query, errors } = invoicePeriod(request.url, new Date());
  const register = context.services.invoices.register;
  const [list, totals] = query ? await Promise.all([register.list(query), register.totals(query)]) : [{ items: [], total: 0 }, null];
  return { month, from: query?.from ?? null, to: query?.to ?? null, page: query?.page ?? 1, list, totals, errors };
}
