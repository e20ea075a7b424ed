import { Form, Link, useNavigation } from "react-router";
import { PageHero, Prose } from "../../components/page-hero";
import { OrderSummary } from "../../components/store/order-summary";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/checkout-test-pay";
import { loadTestPay, submitTestPay } from "./checkout-order.server";

export function meta() {
  return [{ title: "Test payment | Checkout" }, { name: "robots", content: "noindex" }];
}

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const loader = ({ request, context }: Route.LoaderArgs) => loadTestPay(request, context);
export const action = ({ request, context }: Route.ActionArgs) => submitTestPay(request, context);

const button =
  "w-full rounded-lg px-6 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 sm:w-auto";

/** The built-in payment sandbox of the `test` provider: it stands in for Razorpay's checkout. */
export default function TestPay({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { view, token, message } = loaderData;
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
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const intent = navigation.formData?.get("intent");
  return (
    <>
      <PageHero eyebrow="Checkout · Payment sandbox" title="Test mode: no money moves">
        This built-in sandbox answers as Razorpay's checkout would. Choose how the payment ends.
      </PageHero>
      <Prose>
        <p role="note" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4 font-semibold text-amber-950">
          Test mode: no money moves. No card or account is asked for, and no payment is made.
        </p>
        {actionData && !actionData.ok ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {actionData.message}{" "}
            <Link className="underline" to={`/checkout/receipt/${view.order_id}?token=${encodeURIComponent(token)}`}>
              See the order
            </Link>
          </p>
        ) : null}
        <h2 className="text-xl font-bold">Order summary</h2>
        <OrderSummary view={view} paid={false} />
        <Form method="post" className="flex flex-col gap-3 sm:flex-row">
          <input type="hidden" name="order" value={view.order_id} />
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            name="intent"
            value="pay"
            disabled={busy}
            className={`${button} bg-green-700 text-white hover:bg-green-800 focus-visible:outline-green-700`}
          >
            {busy && intent === "pay" ? "Paying…" : `Pay ${formatInr(view.total)}`}
          </button>
          <button
            type="submit"
            name="intent"
            value="fail"
            disabled={busy}
            className={`${button} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
          >
            {busy && intent === "fail" ? "Failing…" : "Fail"}
          </button>
        </Form>
        <p className="text-sm text-slate-600">
          "Fail" ends the payment as a declined card would: the order fails and a reserved coupon is freed. Unpaid orders expire after 30
          minutes.
        </p>
      </Prose>
    </>
  );
}
