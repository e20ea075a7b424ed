import { Link, useNavigation } from "react-router";
import { PageHero, Prose } from "../../components/page-hero";
import { CheckoutForm } from "../../components/store/checkout-form";
import { productPage } from "../../components/store/product-links";
import { RazorpayPay } from "../../components/store/razorpay-pay";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/checkout";
import { loadCheckout, submitCheckout } from "./checkout.server";

export function meta({ data }: Route.MetaArgs) {
  const name = data?.item?.product_name;
  return [{ title: name ? `Buy ${name} | Checkout` : "Checkout" }, { name: "robots", content: "noindex" }];
}

// Live prices and a per-request nonce: never cached, never indexed.
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const loader = ({ params, request, context }: Route.LoaderArgs) => loadCheckout(params.productId, request, context);
export const action = ({ params, request, context }: Route.ActionArgs) => submitCheckout(params.productId, request, context);

const OS_NAMES: Record<string, string> = { windows: "Windows", mac: "macOS", linux: "Linux" };

/** /checkout/:productId: server-rendered, so the price here is always the current one. */
export default function Checkout({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { item, provider, reasons, coupon, taxOn, defaultState } = loaderData;
  if (!item) {
    // Nothing on sale means no catalogue name to show: the path's id is not a name, so the page names
    // no product and points to the product's own page when the site has one.
    const page = productPage(params.productId);
    return (
      <>
        <PageHero eyebrow="Checkout" title="Not for sale at the moment" />
        <Prose>
          <p>
            No licence of this product is on sale right now.{" "}
            {page ? (
              <>
                Read about it on{" "}
                <Link className="text-sky-800 underline" to={page}>
                  its page
                </Link>
                , or ask
              </>
            ) : (
              "Ask"
            )}{" "}
            us about it on the{" "}
            <Link className="text-sky-800 underline" to="/#contact">
              contact form
            </Link>
            .
          </p>
        </Prose>
      </>
    );
  }
  const values = actionData?.value?.values;
  const order = actionData?.ok ? actionData.value?.order : undefined;
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const back = productPage(item.product_id);
  return (
    <>
      <PageHero eyebrow="Checkout" title={`Buy ${item.product_name}`}>
        {formatInr(item.amount)} · version {item.version}
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[3fr_2fr]">
        <section className="min-w-0">
          {order ? (
            <>
              <h2 className="mb-4 text-xl font-bold">Pay for order {order.order_id}</h2>
              <RazorpayPay order={order} email={values?.email ?? ""} name={values?.name ?? ""} />
            </>
          ) : (
            <CheckoutForm
              item={item}
              provider={provider}
              reasons={reasons}
              initialCoupon={coupon}
              values={values}
              taxOn={taxOn}
              defaultState={defaultState}
              failure={failure}
              busy={navigation.state !== "idle" && navigation.formMethod !== undefined}
            />
          )}
        </section>
        <aside aria-labelledby="licence-title" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="licence-title" className="text-lg font-bold">
            What you get
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
            <li>
              A licence key for {item.product_name} {item.version}, shown as soon as you have paid
            </li>
            <li>{item.licence_term_months} months of use and updates</li>
            <li>Up to {item.machine_limit} machines at a time; move it by deactivating one</li>
            {item.os.length > 0 ? <li>Runs on {item.os.map((os) => OS_NAMES[os] ?? os).join(", ")}</li> : null}
          </ul>
          {back ? (
            <p className="mt-4">
              <Link className="text-sky-800 underline" to={back}>
                Back to {item.product_name}
              </Link>
            </p>
          ) : null}
        </aside>
      </div>
    </>
  );
}
