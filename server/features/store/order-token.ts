import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * An order's access token (it opens the receipt page) is derived from the order id with the
 * licence secret, so confirm, the webhook and the receipt e-mail can all build the receipt link;
 * only its SHA-256 is stored, and checking compares hashes in constant time.
 */
export function orderAccessToken(secret: string, orderId: number): string {
  return createHmac("sha256", secret).update(`order-token:${orderId}`).digest("base64url");
}

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export function tokenMatches(storedHash: string | null, token: string): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(storedHash, "hex");
  const b = Buffer.from(tokenHash(token), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const receiptUrl = (orderId: number, token: string) => `/checkout/receipt/${orderId}?token=${encodeURIComponent(token)}`;

/** The invoice's page, opened with its order's access token (the same that opens the receipt). */
export const invoiceUrl = (number: string, orderId: number, token: string) =>
  `/account/invoices/${encodeURIComponent(number)}?order=${orderId}&token=${encodeURIComponent(token)}`;
