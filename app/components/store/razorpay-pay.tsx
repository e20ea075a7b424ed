import { useEffect, useState } from "react";
import { formatInr } from "../../lib/money";

/** Razorpay's Standard Checkout script; the CSP of the checkout page (and only that page) allows its hosts. */
export const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

export type RazorpayOrder = {
  order_id: number;
  total: number;
  receipt_url: string;
  productName: string;
  payment: { key_id: string; provider_order_id: string; amount: number; currency: string };
};

type Handler = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayCtor = new (options: Record<string, unknown>) => { open(): void };

function loadScript(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("no Razorpay"));
    };
    script.onerror = () => reject(new Error("script failed"));
    document.head.append(script);
  });
}

/**
 * The pay step with the `razorpay` provider: opens Razorpay's checkout for the order the action
 * created; its handler posts the signed answer to our confirm call and then opens the receipt.
 * Razorpay's checkout is its own script, so this step needs JavaScript (the page says so).
 */
export function RazorpayPay({ order, email, name }: { order: RazorpayOrder; email: string; name: string }) {
  // Until the script runs (or without JavaScript) the page says what is missing.
  const [message, setMessage] = useState("Razorpay's checkout needs JavaScript: turn it on in your browser, then press Pay.");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadScript()
      .then((Razorpay) => {
        if (!live) return;
        const checkout = new Razorpay({
          key: order.payment.key_id,
          amount: order.payment.amount,
          currency: order.payment.currency,
          order_id: order.payment.provider_order_id,
          name: order.productName,
          prefill: { email, name },
          handler: async (answer: Handler) => {
            setMessage("Payment received. Confirming…");
            const response = await fetch(`/api/checkout/orders/${order.order_id}/confirm`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
              body: JSON.stringify(answer),
            }).catch(() => null);
            // The webhook fulfils the order too; the receipt page waits for whichever comes first.
            const body = response?.ok ? ((await response.json()) as { receipt_url?: string }) : null;
            window.location.assign(body?.receipt_url ?? order.receipt_url);
          },
          modal: { ondismiss: () => setMessage("The payment window was closed. Nothing was charged; you can open it again.") },
        });
        checkout.open();
        setMessage("Razorpay's checkout is open.");
      })
      .catch(() => live && setMessage("Razorpay's checkout could not be loaded. Check your connection and try again."));
    return () => {
      live = false;
    };
  }, [order, email, name, attempt]);

  return (
    <div className="space-y-4">
      <p role="status" aria-live="polite">
        {message}
      </p>
      <button
        type="button"
        onClick={() => setAttempt((n) => n + 1)}
        className="rounded-lg bg-sky-700 px-6 py-3 font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
      >
        Pay {formatInr(order.total)} with Razorpay
      </button>
      <p className="text-sm text-slate-600">
        Your order is kept for 30 minutes. <a href={order.receipt_url}>Its status page</a> shows when the payment has arrived.
      </p>
    </div>
  );
}
