import { z } from "zod";

/** The customer's own account (the /account pages and /api/account calls). */
export const CUSTOMER_COOKIE_PLAIN = "customer_session";
export const CUSTOMER_COOKIE_HTTPS = "__Host-customer_session";
export const customerCookieName = (https: boolean) => (https ? CUSTOMER_COOKIE_HTTPS : CUSTOMER_COOKIE_PLAIN);

const email = z.email("Enter a valid e-mail address.").trim().max(254, "At most 254 characters.");

export const AccountSignInSchema = z.object({ email });
export type AccountSignIn = z.infer<typeof AccountSignInSchema>;

export const AccountVerifySchema = z.union([
  z.object({
    email,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6 digits of the code."),
  }),
  z.object({ token: z.string().min(16, "This link is not valid.").max(200, "This link is not valid.") }),
]);
export type AccountVerify = z.infer<typeof AccountVerifySchema>;

export const AccountMachineSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  activated_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type AccountMachine = z.infer<typeof AccountMachineSchema>;

export const AccountLicenceSchema = z.object({
  id: z.number().int(),
  key_hint: z.string(),
  status: z.enum(["active", "expired", "revoked"]),
  expires_at: z.string(),
  machine_limit: z.number().int(),
  machines: z.array(AccountMachineSchema),
});
export type AccountLicence = z.infer<typeof AccountLicenceSchema>;

export const AccountOrderSchema = z.object({
  order_id: z.number().int(),
  status: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  version: z.string(),
  /** Decimal rupees, like every amount of the API. */
  total: z.number(),
  /** Processed refunds of the order, summed (decimal rupees; 0 when none). */
  refunded: z.number(),
  currency: z.string(),
  paid_at: z.string().nullable(),
  pay_id: z.string().nullable(),
  licence: AccountLicenceSchema.nullable(),
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;

export const AccountSchema = z.object({
  status: z.literal("success"),
  email: z.string(),
  name: z.string(),
  orders: z.array(AccountOrderSchema),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountKeySchema = z.object({ status: z.literal("success"), key: z.string() });
export type AccountKey = z.infer<typeof AccountKeySchema>;

export const AccountLicenceParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const AccountMachineParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  machine_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
