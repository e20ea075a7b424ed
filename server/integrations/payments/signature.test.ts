import { describe, expect, it } from "vitest";
import { checkoutSignature, hmacHex, signatureMatches } from "./signature";

// Expected values computed independently with `openssl dgst -sha256 -hmac <key>` and RFC 4231.
describe("Razorpay signatures", () => {
  it("hmacHex matches RFC 4231 test case 2", () => {
    expect(hmacHex("Jefe", "what do ya want for nothing?")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
  it("checkout signature is HMAC-SHA256 of order_id|payment_id with the key secret", () => {
    expect(checkoutSignature("EnLs21M47BllR3X8PSFtjtbd", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9")).toBe(
      "3ea8df409715997d22a58eddd95f5825c56810982a63a896886a98fa4b8110c4",
    );
  });
  it("webhook signature is HMAC-SHA256 of the raw body with the webhook secret", () => {
    expect(hmacHex("whsec_test", '{"entity":"event","event":"payment.captured"}')).toBe(
      "14026b4f55f7195cf5fabf2ce57f1344fa969faf1d2cb4352740beb936dd5c18",
    );
  });
  it("signatureMatches: exact hex (any case), refuses tampered, short, non-hex or missing", () => {
    const good = "3ea8df409715997d22a58eddd95f5825c56810982a63a896886a98fa4b8110c4";
    expect(signatureMatches(good, good)).toBe(true);
    expect(signatureMatches(good, good.toUpperCase())).toBe(true);
    expect(signatureMatches(good, good.slice(0, -1) + "5")).toBe(false);
    expect(signatureMatches(good, good.slice(0, 62))).toBe(false);
    expect(signatureMatches(good, "z".repeat(64))).toBe(false);
    expect(signatureMatches(good, undefined)).toBe(false);
  });
});
