import { Form, useNavigation } from "react-router";
import { VersionIdSchema } from "../../../contract/admin-versions";
import { PRODUCT_MESSAGES, ProductIdSchema, ProductVersionInputSchema } from "../../../contract/products";
import { SelectField, secondaryButtonClass } from "../../components/admin/form-field";
import { ProductVersionForm } from "../../components/admin/product-version-form";
import type { Route } from "./+types/product-release";
import { formAction, readForm, refusedByPostedRow, requireAdminAction } from "./admin-action.server";
import { requireAdminPage } from "./session.server";

// ?product=<id> picks an existing product and starts from its newest version; ?from=<version id>
// starts from that version (the link on a version's screen). Both pre-fill; the admin types the new version.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const params = new URL(request.url).searchParams;
  const versions = context.services.productVersions;
  const { items } = await versions.list({ archived: "include" });
  const products = [...new Map(items.map((v) => [v.product_id, v.product_name])).entries()].map(([id, name]) => ({ id, name }));
  const fromId = VersionIdSchema.safeParse(params.get("from"));
  const productId = ProductIdSchema.safeParse(params.get("product") ?? "");
  let from = fromId.success && fromId.data <= 2_147_483_647 ? await versions.find(fromId.data) : null;
  if (!from && productId.success) from = await versions.latestOf(productId.data);
  const product = from ? { id: from.product_id, name: from.product_name } : null;
  return { products, from, product };
}

// The form posts here, with JavaScript (a fetcher) or without; the same service the API's
// POST /api/oni/add/product/version calls, validated by the same schema.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminAction(request, context);
  const form = await request.formData();
  return formAction(
    undefined,
    async () => {
      await context.services.products.addVersion(readForm(form, ProductVersionInputSchema, ["os"]), actor);
      return { message: PRODUCT_MESSAGES.success };
    },
    { refused: refusedByPostedRow(form) },
  );
}

export default function ProductRelease({ loaderData: { products, from, product } }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <title>Major / Minor Release | Admin</title>
      <h1 className="text-2xl font-bold">Product Requirements</h1>
      <p className="mt-2 text-slate-700">Add a major or minor version of a product with its system requirements.</p>
      {products.length ? (
        // A plain GET form: it works before hydration too, and the loader does the pre-filling.
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2 rounded-lg bg-white p-4 shadow">
          <SelectField
            label="Product"
            name="product"
            defaultValue={product?.id ?? ""}
            placeholder="A new product"
            options={products.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))}
            className="min-w-56 flex-1"
          />
          <button type="submit" className={secondaryButtonClass} disabled={navigation.state === "loading"}>
            Start from its latest version
          </button>
        </Form>
      ) : null}
      {from ? (
        <p className="mt-3 text-sm text-slate-700" role="status">
          Pre-filled from {from.product_name} {from.version}. Change what differs and type the new version.
        </p>
      ) : null}
      <ProductVersionForm key={from?.id ?? "new"} from={from} product={product} />
    </>
  );
}
