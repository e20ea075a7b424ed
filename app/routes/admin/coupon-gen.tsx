import { CouponGenerator } from "../../components/admin/coupon-generator";
import type { Route } from "./+types/coupon-gen";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { prefix: context.config.COUPON_PREFIX };
}

export default function CouponGen({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <title>Coupon Code Generator | Admin</title>
      <h1 className="text-2xl font-bold">Coupon Code Generator</h1>
      <CouponGenerator prefix={loaderData.prefix} />
    </>
  );
}
