import { type AppLoadContext, data, redirect } from "react-router";
import { NotFoundError } from "../../../server/platform/errors";
import { formAction, pageFailure } from "../../lib/form-action.server";

/** The receipt of an order; the token in its link is what lets its buyer (and nobody else) open it. */
export const receiptUrl = (orderId: number, token: string) => `/checkout/receipt/${orderId}?token=${encodeURIComponent(token)}`;

const ORDER_ID = /^[1-9][0-9]{0,15}$/;
const MISSING = "There is no such order, or the link is incomplete. Open the link from your receipt again.";

/** The order an ?order=/:orderId and ?token= name, or null (a wrong id and a wrong token look the same). */
async function findOrder(rawId: string | null | undefined, token: string | null, context: AppLoadContext) {
  if (!rawId || !ORDER_ID.test(rawId) || !token || token.length > 128) return null;
  try {
    return { view: await context.services.store.orders.publicView(Number(rawId), token), token };
  } catch (error) {
    if (pageFailure(error).status === 404) return null;
    throw error;
  }
}

const missing = (message = MISSING) => data({ view: null, token: "", message }, { status: 404 });

/** The sandbox's loader: only with the test provider, only for a pending order (else its receipt). */
export async function loadTestPay(request: Request, context: AppLoadContext) {
  if (context.services.store.provider.name !== "test") {
    return missing("The payment sandbox is switched off: this site takes real payments.");
  }
  const url = new URL(request.url);
  const found = await findOrder(url.searchParams.get("order"), url.searchParams.get("token"), context);
  if (!found) return missing();
  if (found.view.status !== "pending") throw redirect(receiptUrl(found.view.order_id, found.token));
  return data({ view: found.view, token: found.token, message: "" });
}

/**
 * "Pay" and "Fail" of the sandbox, with or without JavaScript. Pay acts as Razorpay's checkout would
 * (payment id + signature, and the signed webhook), then confirms through the same call as the
 * browser's handler; either way the buyer lands on the receipt, which shows the outcome.
 */
export async function submitTestPay(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const rawId = form.get("order");
  const token = form.get("token");
  const store = context.services.store;
  return formAction(undefined, async () => {
    if (store.provider.name !== "test" || typeof rawId !== "string" || typeof token !== "string" || !ORDER_ID.test(rawId)) {
      throw new NotFoundError(MISSING);
    }
    const orderId = Number(rawId);
    if (form.get("intent") === "fail") {
      await store.testProvider.fail(orderId, token);
      throw redirect(receiptUrl(orderId, token));
    }
    const answer = await store.orders.confirm(orderId, await store.testProvider.pay(orderId, token), context.clientIp);
    throw redirect(answer.receipt_url);
  });
}

/** The receipt's loader: any state of the order, 404 for a wrong id or token. */
export async function loadReceipt(orderId: string | undefined, request: Request, context: AppLoadContext) {
  const found = await findOrder(orderId, new URL(request.url).searchParams.get("token"), context);
  if (!found) return missing();
  // The product page's list, under this order's licence (none once refunded: its licence is revoked).
  const { view } = found;
  const downloads = await context.services.downloads.offeredBuilds(view.product_id, {
    revoked: view.status === "refunded" || view.licence_key === null,
    expires_ms: view.expires_at ? Date.parse(view.expires_at) : 0,
  });
  // The invoice issued with the payment, opened with the same token as this page.
  const number = await context.services.invoices.numberOfOrder(found.view.order_id);
  const invoice = number
    ? { number, href: `/account/invoices/${encodeURIComponent(number)}?order=${found.view.order_id}&token=${encodeURIComponent(found.token)}` }
    : null;
  return data({ view, token: found.token, message: "", builds: downloads.builds, fallback: downloads.fallback, invoice });
}
