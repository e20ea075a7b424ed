import { z } from "zod";

// A GSTIN: 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter), the registration's
// entity number, the letter Z, and a check character computed over the first 14 (mod-36 checksum).
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export function gstinProblem(value: string): string | null {
  if (!SHAPE.test(value)) return "A GSTIN has 15 characters, such as 27AAPFU0939F1ZV.";
  if (gstinCheckChar(value.slice(0, 14)) !== value[14]) return "This GSTIN's check digit does not match: please check it.";
  return null;
}

/** A GSTIN as typed: trimmed, upper-cased, checked by format and check digit. */
export const GstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type Gstin = z.infer<typeof GstinSchema>;
