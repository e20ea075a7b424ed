import { PageHero, Prose } from "../../components/page-hero";
import { LicenceNextSteps } from "../../components/store/licence-next-steps";
import { OrderSummary } from "../../components/store/order-summary";
import { ReceiptDownloads } from "../../components/store/receipt-downloads";
import { useOrderStatus } from "../../components/store/use-order-status";
import { CopyButton } from "../../components/copy-button";
import { formatDate } from "../../../contract/time";
import type { Route } from "./+types/checkout-receipt";
import { loadReceipt } from "./checkout-order.server";

export function meta() {
  return [{ title: "Your receipt | Checkout" }, { name: "robots", content: "noindex" }];
}

// The page holds a licence key: never stored by a cache, never indexed, and its URL (with the
// order's token) is not sent to the download hosts it links to.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

export const loader = ({ params, request, context }: Route.LoaderArgs) => loadReceipt(params.orderId, request, context);

const box = "rounded-lg border p-4";

/** /checkout/receipt/:orderId?token=: the outcome of a checkout, and the licence key once paid. */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { view, token, message } = loaderData;
  const updating = useOrderStatus(view?.order_id ?? 0, token, view?.status ?? "failed");
  if (!view) {
    return (
      <>
        <PageHero eyebrow="Checkout" title="Order not found" />
        <Prose>
          <p>{message}</p>
        </Prose>
      </>
    );
  }
  const again = `/checkout/${encodeURIComponent(view.product_id)}`;
  const withdrawn = view.paid_at !== null ? view.key_withdrawn : null;
  const paid = (view.licence_key !== null || withdrawn !== null) && view.paid_at !== null;
  const title = withdrawn
    ? withdrawn.reason === "replaced"
      ? "Your licence key was replaced"
      : "This licence was revoked"
    : paid
      ? "Thank you: your licence is ready"
      : view.status === "pending"
        ? "Waiting for your payment"
        : "This order was not paid";
  return (
    <>
      <PageHero eyebrow={`Checkout · Order #${view.order_id}`} title={title} />
      <Prose>
        <div aria-live="polite">
          {view.status === "pending" ? (
            <p className={`${box} border-sky-300 bg-sky-50`} data-testid="order-status">
              {!updating ? "We have not received the payment yet. This page updates by itself as soon as it arrives." : "Updating…"}{" "}
              <a className="text-sky-800 underline" href={`/checkout/receipt/${view.order_id}?token=${encodeURIComponent(token)}`}>
                Check again
              </a>
            </p>
          ) : null}
          {view.status === "failed" || (view.status === "expired" && !paid) ? (
            <p className={`${box} border-red-300 bg-red-50 text-red-900`} data-testid="order-status">
              {view.status === "failed" ? "The payment failed, so nothing was charged." : "The order expired before it was paid."}
              {view.coupon ? " Its coupon is free again." : ""}{" "}
              <a className="font-semibold underline" href={again}>
                Go back to the checkout
              </a>
            </p>
          ) : null}
          {view.status === "refunded" ? (
            <p className={`${box} border-amber-400 bg-amber-50`} data-testid="order-status">
              This order was refunded and its licence revoked.
            </p>
          ) : null}
        </div>
        {withdrawn ? (
          <section className={`${box} border-amber-400 bg-amber-50`} data-testid="key-withdrawn">
            <p>
              {withdrawn.reason === "replaced"
                ? `This order's licence key was replaced on ${formatDate(withdrawn.at)}. The old key no longer works, and this page no longer shows a key.`
                : `This order's licence was revoked on ${formatDate(withdrawn.at)}. Its key no longer works, and this page no longer shows it.`}
            </p>
            <p className="mt-2">
              {withdrawn.reason === "replaced" ? "Your current key, your machines and your receipts are in " : "The licence's state is in "}
              <a className="font-semibold text-sky-800 underline" href="/account">
                your account
              </a>
              : sign in with this order's e-mail address, no password needed.
            </p>
          </section>
        ) : null}
        {paid && view.licence_key ? (
          <section aria-labelledby="key-title" className={`${box} border-green-300 bg-green-50`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="key-title" className="text-xl font-bold">
                Your licence key
              </h2>
              <CopyButton text={view.licence_key} />
            </div>
            <p className="mt-2 font-mono text-lg break-all select-all" data-testid="licence-key">
              {view.licence_key}
            </p>
            <p className="mt-2 text-sm text-slate-700">Keep it safe: it is what activates the product. This page's link shows it again.</p>
            <p className="mt-2 text-sm">
              Your machines, your keys and your receipts are in{" "}
              <a className="font-semibold text-sky-800 underline" href="/account">
                your account
              </a>
              : sign in with this order's e-mail address, no password needed.
            </p>
          </section>
        ) : null}
        <h2 className="text-xl font-bold">Order</h2>
        <OrderSummary view={view} paid={paid} />
        {"invoice" in loaderData && loaderData.invoice ? (
          <p className="mt-4">
            <a className="font-medium text-sky-800 underline" href={loaderData.invoice.href} data-testid="invoice-link">
              Your invoice {loaderData.invoice.number}
            </a>
          </p>
        ) : null}
        {paid && view.licence_key && "builds" in loaderData ? <ReceiptDownloads productId={view.product_id} builds={loaderData.builds} licenceKey={view.licence_key} /> : null}
        {paid && view.licence_key ? <LicenceNextSteps
            view={view}
            fallback={"fallback" in loaderData ? loaderData.fallback : true}
            listed={"builds" in loaderData && loaderData.builds.length > 0}
          /> : null}
      </Prose>
    </>
  );
}
