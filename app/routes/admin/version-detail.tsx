import { Link, data, useRevalidator } from "react-router";
import { VersionIdSchema } from "../../../contract/admin-versions";
import { VersionActions } from "../../components/admin/version-actions";
import { VersionEditForm } from "../../components/admin/version-edit-form";
import { VersionPatches } from "../../components/admin/patches/version-patches";
import { VersionBuilds } from "../../components/admin/builds/version-builds";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/version-detail";
import { requireAdminPage } from "./session.server";
import { ReleaseStatusForm } from "../../components/admin/release-status-form";
import { reachServer } from "../../lib/reach-server";
import { versionAction } from "./version-detail.server";
import { formatDateTime } from "../../../contract/time";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = VersionIdSchema.safeParse(params.id);
  if (!id.success || id.data > 2_147_483_647) throw data("There is no such product version.", { status: 404 });
  const version = await context.services.productVersions.find(id.data);
  if (!version) throw data("There is no such product version.", { status: 404 });
  const builds = (await context.services.artifacts.list(version.product_id)).filter((b) => b.version === version.version);
  return { version, builds, verifies: context.services.releaseSigning.production };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = VersionIdSchema.safeParse(params.id);
  if (!id.success || id.data > 2_147_483_647) throw data("There is no such product version.", { status: 404 });
  return versionAction(request, context, id.data);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => reachServer(serverAction);

const box = "mt-6 rounded-lg bg-white p-4 shadow";

export default function VersionDetailScreen({ loaderData: { version: v, builds, verifies }, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  // The release-status forms answer with the form they belong to; the edit, archive and delete forms with an intent.
  const statusFeedback = actionData?.intent?.startsWith("status-") ? actionData : undefined;
  const facts: [string, string][] = [
    ["Amount", formatInr(v.amount)],
    ["For sale", v.for_sale ? "yes" : "no"],
    ["Licence term", `${v.licence_term_months} months`],
    ["Machine limit", String(v.machine_limit)],
    ["State", v.archived ? `archived ${v.archived_at ? formatDateTime(v.archived_at) : ""}` : "active"],
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
      <title>{`${v.product_name} ${v.version} | Admin`}</title>
      <p className="text-sm">
        <Link to="/dashboard/versions" className="text-blue-800 underline">
          Versions &amp; Patches
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        {v.product_name} {v.version}
      </h1>
      <p className="mt-2">
        <Link to={`/dashboard/version-release/major?from=${v.id}`} className="text-blue-800 underline">
          Start the next version from this one
        </Link>
      </p>
      <section aria-labelledby="release-title" className={box}>
        <h2 id="release-title" className="text-xl font-semibold">
          Release status
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Drafts are seen by admins only; published releases are on the{" "}
          <a href={`/releases/${v.product_id}`} className="text-blue-800 underline">
            release notes
          </a>
          ; a yanked one stays listed as withdrawn, with its reason.
        </p>
        <div className="mt-3 space-y-2">
          <ReleaseStatusForm
            target="version"
            id={v.id}
            label={`version ${v.version}`}
            status={v.status}
            publishedAt={v.published_at}
            yankReason={v.yank_reason}
            feedback={statusFeedback}
          />
          {v.patches.map((p) => (
            <ReleaseStatusForm
              key={p.id}
              target="patch"
              id={p.id}
              label={`patch ${p.patch_version}`}
              status={p.status}
              publishedAt={p.published_at}
              yankReason={p.yank_reason}
              feedback={statusFeedback}
            />
          ))}
        </div>
      </section>
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
      <VersionPatches version={v} />
      <VersionBuilds
        target={{ product_id: v.product_id, version: v.version, patches: v.patches.map((p) => p.patch_version) }}
        builds={builds}
        verifies={verifies}
        onUploaded={revalidate}
      />
      <section aria-labelledby="edit-title" className={box}>
        <h2 id="edit-title" className="text-xl font-semibold">
          Edit
        </h2>
        <VersionEditForm key={JSON.stringify(v)} version={v} />
      </section>
      <section aria-labelledby="manage-title" className={box}>
        <h2 id="manage-title" className="text-xl font-semibold">
          Archive or delete
        </h2>
        <div className="mt-3">
          <VersionActions version={v} />
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
