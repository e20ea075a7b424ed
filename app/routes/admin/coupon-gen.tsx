import { useRevalidator } from "react-router";
import { CouponGenerator } from "../../components/admin/coupon-generator";
import { ScreenError } from "../../components/admin/screen-error";
import type { Route } from "./+types/coupon-gen";
import { formAction, requireAdminAction } from "./admin-action.server";
import { readCouponBatch } from "./coupon-batch-form.server";
import { requireAdminPage } from "./session.server";

// The versions to choose from are read in the loader (decision 017); a stored batch revalidates them.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { prefix: context.config.COUPON_PREFIX, products: await context.services.products.informations() };
}

// The generator posts here, with JavaScript (a fetcher, with the codes it showed) or without (a
// plain form): the coupons service POST /api/products/coupon/update calls, the same schema.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction(undefined, async () => {
    const batch = readCouponBatch(form, context.config.COUPON_PREFIX);
    const { added, product_id, product_name } = await context.services.coupons.addBatch(batch, actor);
    const { coupons: codes, discount_percentage: discount, ...rest } = batch;
    return { message: `${added} coupons added.`, value: { ...rest, product_id, product_name, codes, discount } };
  });
}

export default function CouponGen({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <>
      <title>Coupon Code Generator | Admin</title>
      <h1 className="text-2xl font-bold">Coupon Code Generator</h1>
      <CouponGenerator prefix={loaderData.prefix} rows={loaderData.products} onStored={() => void revalidate()} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <title>Coupon Code Generator | Admin</title>
      <h1 className="text-2xl font-bold">Coupon Code Generator</h1>
      <ScreenError error={error} what="the products" />
    </>
  );
}
