// The invoices area's door: GST arithmetic, tax invoices and credit notes.
export { quoteTax, saleTax } from "./sale-tax";
export { type TaxLines, fromInclusive, reverseInProportion, taxHead, taxOfSale } from "./tax";
export { type Issued, issueInvoice } from "./issue";
export { issueCreditNote } from "./credit-note";
export { financialYear, indiaDate } from "./financial-year";
export { type Invoices, type OrderDocument, createInvoices } from "./documents";
export type { InvoiceDocument } from "./invoice-document";
export { invoiceHtml } from "./invoice-html";
export { invoicePdf, pdfFileName } from "./invoice-pdf";
export { adminInvoiceOperations } from "./routes";
