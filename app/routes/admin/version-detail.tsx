import { Link, data, useNavigate, useRevalidator } from "react-router";
import { VersionIdSchema } from "../../../contract/admin-versions";
import { VersionActions } from "../../components/admin/version-actions";
import { VersionEditForm } from "../../components/admin/version-edit-form";
import { VersionPatches } from "../../components/admin/patches/version-patches";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/version-detail";
import { requireAdminPage } from "./session.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = VersionIdSchema.safeParse(params.id);
  if (!id.success || id.data > 2_147_483_647) throw data("There is no such product version.", { status: 404 });
  const version = await context.services.productVersions.find(id.data);
  if (!version) throw data("There is no such product version.", { status: 404 });
  return { version };
}

const box = "mt-6 rounded-lg bg-white p-4 shadow";

export default function VersionDetailScreen({ loaderData: { version: v } }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const facts: [string, string][] = [
    ["Amount", formatInr(v.amount)],
    ["For sale", v.for_sale ? "yes" : "no"],
    ["Licence term", `${v.licence_term_months} months`],
    ["Machine limit", String(v.machine_limit)],
    ["State", v.archived ? `archived ${new Date(v.archived_at ?? "").toLocaleString()}` : "active"],
    ["Operating systems", v.os.join(", ")],
    ["RAM", v.ram],
    ["GPU", v.gpu],
    ["Processor", v.processor],
    ["Storage", v.storage],
    ["Network", v.network],
    ["Coupons", `${v.coupons.unused} unused, ${v.coupons.used} used, ${v.coupons.void} void (${v.coupons.total} in all)`],
    ["Orders", String(v.orders)],
  ];
  return (
    <>
      <title>{`${v.product_id} ${v.version} | Admin`}</title>
      <p className="text-sm">
        <Link to="/dashboard/versions" className="text-blue-800 underline">
          Versions &amp; Patches
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <span className="lowercase">{v.product_name}</span> {v.version}
      </h1>
      <p className="mt-2">
        <Link to={`/dashboard/version-release/major?from=${v.id}`} className="text-blue-800 underline">
          Start the next version from this one
        </Link>
      </p>
      <section aria-labelledby="facts-title" className={box}>
        <h2 id="facts-title" className="text-xl font-semibold">
          Requirements and sales
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-700">{term}</dt>
              <dd className="mb-2 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 font-semibold">Features</h3>
        {v.features.length ? <List items={v.features} /> : <p className="text-sm text-slate-700">None listed.</p>}
        <h3 className="mt-4 font-semibold">External dependencies</h3>
        {v.external.length ? (
          <List items={v.external.map((d) => [d.name, d.version, d.os, d.link].filter(Boolean).join(" · "))} />
        ) : (
          <p className="text-sm text-slate-700">None.</p>
        )}
        <h3 className="mt-4 font-semibold">Python packages</h3>
        {v.python.length ? (
          <List items={v.python.map((p) => [p.name, p.version].filter(Boolean).join(" "))} />
        ) : (
          <p className="text-sm text-slate-700">None.</p>
        )}
      </section>
      <VersionPatches version={v} onChanged={revalidate} />
      <section aria-labelledby="edit-title" className={box}>
        <h2 id="edit-title" className="text-xl font-semibold">
          Edit
        </h2>
        <VersionEditForm key={JSON.stringify(v)} version={v} onSaved={revalidate} />
      </section>
      <section aria-labelledby="manage-title" className={box}>
        <h2 id="manage-title" className="text-xl font-semibold">
          Archive or delete
        </h2>
        <div className="mt-3">
          <VersionActions version={v} onChanged={revalidate} onDeleted={() => navigate("/dashboard/versions")} />
        </div>
      </section>
    </>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="mt-1 list-disc pl-6 text-sm">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
