import { useRevalidator } from "react-router";
import { CouponGenerator } from "../../components/admin/coupon-generator";
import { ScreenError } from "../../components/admin/screen-error";
import type { Route } from "./+types/coupon-gen";
import { requireAdminPage } from "./session.server";

// The versions to choose from are read in the loader (decision 017); a stored batch revalidates them.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { prefix: context.config.COUPON_PREFIX, products: await context.services.products.informations() };
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
