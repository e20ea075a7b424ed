import { ProductVersionForm } from "../../components/admin/product-version-form";

export default function ProductRelease() {
  return (
    <>
      <title>Major / Minor Release | Admin</title>
      <h1 className="text-2xl font-bold">Product Requirements</h1>
      <p className="mt-2 text-slate-700">Add a major or minor version of a product with its system requirements.</p>
      <ProductVersionForm />
    </>
  );
}
