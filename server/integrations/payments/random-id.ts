import { randomInt } from "node:crypto";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `prefix` + `length` characters of [A-Za-z0-9], unbiased (crypto.randomInt). Razorpay ids look like this. */
export function razorpayStyleId(prefix: string, length = 14): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}
