import { type AppLoadContext, data, redirect } from "react-router";
import { COUPON_REASON_TEXT, type CreatedOrder, CreateOrderRequestSchema } from "../../../contract/store";
import { NotFoundError } from "../../../server/platform/errors";
import { formAction, readValues } from "../../lib/form-action.server";
import { taxIsOn } from "../../../contract/tax-config";

export type CheckoutValues = { email: string; name: string; coupon: string; state_code: string; gstin: string; legal_name: string; address: string };

/** What the checkout page shows after a post: what was typed, and an order waiting for Razorpay's checkout. */
type CheckoutShown = {
  values: CheckoutValues;
  order?: Pick<CreatedOrder, "order_id" | "total" | "payment" | "receipt_url"> & { productName: string };
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Where the built-in sandbox takes an order (the test provider stands in for Razorpay's checkout). */
export const testPayUrl = (orderId: number, token: string) => `/checkout/test-pay?order=${orderId}&token=${encodeURIComponent(token)}`;

/** Whether the store charges GST, and the state the form starts at: the supplier's (most buyers are local; any can change it). */
function taxFacts(context: AppLoadContext) {
  const tax = context.config.site.tax;
  return taxIsOn(tax) ? { taxOn: true, defaultState: tax.state_code } : { taxOn: false, defaultState: "" };
}

/** The version for sale, the provider and the coupon reasons in words (so the browser needs no zod). */
export async function loadCheckout(productId: string, request: Request, context: AppLoadContext) {
  const store = context.services.store;
  const item = await store.catalogue.forProduct(productId);
  // A coupon may come in the link (?coupon=ONI...), e.g. from a mail; only its allowed characters.
  const coupon = (new URL(request.url).searchParams.get("coupon") ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 64);
  const page = { item, provider: store.provider.name, coupon, reasons: COUPON_REASON_TEXT, ...taxFacts(context) };
  return data(page, { status: item ? 200 : 404 });
}

/**
 * The form's action, with or without JavaScript: validates with the API's own schema, creates the
 * order through the same service as POST /api/checkout/orders, then sends the buyer to the sandbox
 * (test provider) or hands the page what Razorpay's checkout needs.
 */
export async function submitCheckout(productId: string, request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values: CheckoutValues = {
    email: text(form, "email"),
    name: text(form, "name"),
    coupon: text(form, "coupon"),
    state_code: text(form, "state_code"),
    // The business part counts only while its box is ticked.
    gstin: form.get("business") ? text(form, "gstin") : "",
    legal_name: form.get("business") ? text(form, "legal_name") : "",
    address: form.get("business") ? text(form, "address") : "",
  };
  const { state_code, gstin, legal_name, address } = values;
  // Without tax the state is not asked; with it, a missing state is the API's own field error.
  const billing = taxIsOn(context.config.site.tax) || state_code ? { state_code, gstin, legal_name, address } : undefined;
  const store = context.services.store;
  const item = await store.catalogue.forProduct(productId);
  return formAction<CheckoutShown>(
    undefined,
    async () => {
      if (!item) throw new NotFoundError("This product is not for sale at the moment.");
      // The version the buyer saw the price of; the service refuses it if it is no longer for sale.
      const version = text(form, "version") || item.version;
      const input = readValues(
        { product_id: productId, version, email: values.email, name: values.name, coupon: values.coupon, billing },
        CreateOrderRequestSchema,
        "Please correct the marked fields.",
      );
      const order = await store.checkout.createOrder(input, context.clientIp);
      // Nothing to pay (a 100 % coupon): the order is placed already, its licence on the receipt.
      if (order.status === "placed") throw redirect(order.receipt_url);
      if (order.provider === "test") throw redirect(testPayUrl(order.order_id, order.token));
      const { order_id, total, payment, receipt_url } = order;
      return { message: "", value: { values, order: { order_id, total, payment, receipt_url, productName: item.product_name } } };
    },
    // A refused form comes back with what was typed.
    { refused: () => ({ value: { values } }) },
  );
}
