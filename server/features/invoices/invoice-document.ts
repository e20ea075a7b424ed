/** One issued document as printed: money in paise. */
export type InvoiceDocument = {
  number: string;
  kind: "invoice" | "credit_note";
  order_id: number;
  issued_at: string;
  tax_invoice: boolean;
  supplier_legal_name: string;
  supplier_address: string | null;
  supplier_gstin: string | null;
  buyer_name: string;
  buyer_email: string;
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  buyer_address: string | null;
  place_of_supply: string | null;
  sac: string | null;
  description: string;
  rate_bp: number;
  taxable_minor: number;
  cgst_minor: number;
  sgst_minor: number;
  igst_minor: number;
  total_minor: number;
  /** A credit note's invoice, and that invoice's moment of issue. */
  reverses: string | null;
  reverses_issued_at: string | null;
  /** A credit note's refund reason, as the admin gave it. */
  reason: string | null;
};
