import { type AppLoadContext, redirect } from "react-router";
import { domainErrorKind } from "../../../server/platform/errors";
import { NO_STORE, SIGN_IN_PATH, currentCustomer } from "./account-session.server";

/**
 * An invoice or credit note, as a printable page or as PDF. Opened either by its order's access
 * token (the receipt's link and mail carry `order` and `token`) or by the signed-in customer whose
 * order it is (the account's links). Any failure is a plain 404: a wrong token or another
 * customer's number says nothing about whether the number exists.
 */
export async function invoicePage(number: string, format: "html" | "pdf", request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const invoices = context.services.invoices;
  const headers = { ...NO_STORE, "Referrer-Policy": "no-referrer" };
  try {
    let doc;
    if (url.searchParams.has("token")) {
      const orderId = Number(url.searchParams.get("order"));
      await context.services.store.orders.publicView(orderId, url.searchParams.get("token") ?? "");
      doc = await invoices.ofOrder(number, orderId);
    } else {
      const customer = await currentCustomer(request, context);
      if (!customer) return redirect(SIGN_IN_PATH, { headers });
      doc = await invoices.ofCustomer(number, customer.id);
    }
    const path = `/account/invoices/${encodeURIComponent(doc.number)}`;
    if (format === "pdf") {
      const disposition = `inline; filename="${invoices.pdfFileName(doc.number)}"`;
      const pdf = (await invoices.pdf(doc)) as Uint8Array<ArrayBuffer>;
      return new Response(pdf, { headers: { ...headers, "Content-Type": "application/pdf", "Content-Disposition": disposition } });
    }
    const html = invoices.html(doc, { pdf: `${path}/pdf${url.search}`, back: { href: "/account", label: "Back to your account" } });
    return new Response(html, { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
  } catch (error) {
    if (domainErrorKind(error) !== "not_found") throw error;
    return new Response("There is no such invoice.", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
}
