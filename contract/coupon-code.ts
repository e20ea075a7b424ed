import { COUPON_ALPHABET, COUPON_RANDOM_LENGTH } from "./coupons";

// The largest multiple of the alphabet size that fits in a byte: bytes at or above it are
// rejected, so every character is equally likely (no modulo bias).
const LIMIT = 256 - (256 % COUPON_ALPHABET.length);

/**
 * A coupon code: the prefix followed by COUPON_RANDOM_LENGTH characters of [A-Za-z0-9], drawn
 * from the platform's cryptographically secure generator (browser and Node 20 both have
 * globalThis.crypto.getRandomValues) with rejection sampling.
 */
export function generateCouponCode(prefix: string): string {
  let out = "";
  const bytes = new Uint8Array(COUPON_RANDOM_LENGTH * 2);
  while (out.length < COUPON_RANDOM_LENGTH) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= LIMIT) continue;
      out += COUPON_ALPHABET[byte % COUPON_ALPHABET.length];
      if (out.length === COUPON_RANDOM_LENGTH) break;
    }
  }
  return prefix + out;
}

/** `count` distinct codes (a repeat is astronomically unlikely, but the server refuses a batch with one). */
export function generateCouponCodes(prefix: string, count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateCouponCode(prefix));
  return [...codes];
}
