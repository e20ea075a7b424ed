import { PatchListSchema } from "../../../contract/patches";
import { ProductInformationListSchema } from "../../../contract/products";
import { useApiData } from "../../components/admin/use-api-data";
import { formatAmount } from "../../lib/money";

const parseVersions = (raw: unknown) => ProductInformationListSchema.parse(raw);
const parsePatches = (raw: unknown) => PatchListSchema.parse(raw).patches;
const cell = "py-2 pr-4 align-top";

export default function Versions() {
  const versions = useApiData("/api/products/informations", parseVersions);
  const patches = useApiData("/api/products/version/patches", parsePatches);
  return (
    <>
      <title>Versions &amp; Patches | Admin</title>
      <h1 className="text-2xl font-bold">Versions &amp; Patches</h1>
      <section aria-labelledby="versions-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="versions-title" className="text-xl font-semibold">
          Product versions
        </h2>
        {versions.loading && !versions.data ? (
          <p className="mt-3" role="status">
            Loading...
          </p>
        ) : null}
        {versions.error ? (
          <p className="mt-3 text-red-700" role="alert">
            Could not load the versions: {versions.error}
          </p>
        ) : null}
        {versions.data?.length === 0 ? <p className="mt-3 text-slate-700">No versions yet.</p> : null}
        {versions.data?.length ? (
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="versions-title">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className={cell}>
                    Product
                  </th>
                  <th scope="col" className={cell}>
                    Version
                  </th>
                  <th scope="col" className={cell}>
                    Amount
                  </th>
                  <th scope="col" className={cell}>
                    Coupons (unused / total)
                  </th>
                </tr>
              </thead>
              <tbody>
                {versions.data.map((row) => (
                  <tr key={`${row.product_id}@${row.version}`} className="border-b border-slate-100">
                    <td className={cell}>
                      <span className="lowercase">{row.product_name}</span> <span className="text-slate-700">({row.product_id})</span>
                    </td>
                    <td className={cell}>{row.version}</td>
                    <td className={cell}>{formatAmount(row.amount)}</td>
                    <td className={cell}>
                      {row.coupons.filter((c) => !c.status).length} / {row.coupons.length}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="patches-title" className="mt-6 rounded-lg bg-white p-4 shadow">
        <h2 id="patches-title" className="text-xl font-semibold">
          Patch releases
        </h2>
        {patches.loading && !patches.data ? (
          <p className="mt-3" role="status">
            Loading...
          </p>
        ) : null}
        {patches.error ? (
          <p className="mt-3 text-red-700" role="alert">
            Could not load the patches: {patches.error}
          </p>
        ) : null}
        {patches.data?.length === 0 ? <p className="mt-3 text-slate-700">No patches yet.</p> : null}
        <ul className="mt-3 space-y-3">
          {(patches.data ?? []).map((patch) => (
            <li key={`${patch.product_id}@${patch.version}@${patch.patchVersion}`} className="border-b border-slate-100 pb-2 text-sm">
              <p className="font-semibold">
                <span className="lowercase">{patch.product_name}</span> {patch.version} → {patch.patchVersion}
              </p>
              {patch.features.length ? (
                <ul className="mt-1 list-disc pl-6">
                  {patch.features.map((f, i) => (
                    <li key={i}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
