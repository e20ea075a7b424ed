import { createHmac, timingSafeEqual } from "node:crypto";

/** Hex HMAC-SHA256, as Razorpay signs both checkout answers and webhooks. */
export function hmacHex(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data, "utf8").digest("hex");
}

/** Razorpay's checkout signature: HMAC of `order_id|payment_id` keyed with the key secret. */
export function checkoutSignature(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${providerOrderId}|${paymentId}`);
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function signatureMatches(expectedHex: string, receivedHex: string | undefined): boolean {
  if (!receivedHex || !/^[0-9a-f]{64}$/i.test(receivedHex)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(receivedHex.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
