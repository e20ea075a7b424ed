import { type AdvisorySeverity, SEVERITY_LABEL } from "../../../contract/advisories";
import type { PublicRelease } from "../../../contract/releases";
import { byteSize } from "../../lib/byte-size";
import { minisigPath } from "../../lib/release-signature";
import { releaseDate } from "./release-date";

/** A published build as the release notes list it. */
export type ReleaseBuild = {
  id: number;
  release_version: string;
  platform: string;
  arch: string;
  filename: string;
  size: number;
  signed: boolean;
};

const OS_NAMES: Record<string, string> = { windows: "Windows", mac: "macOS", linux: "Linux" };
const osName = (os: string) => OS_NAMES[os] ?? os;

function Withdrawn({ reason }: { reason: string | null }) {
  return (
    <p className="mt-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
      <strong>Withdrawn.</strong> {reason}
    </p>
  );
}

/** A version's published builds with their signatures (the files themselves come from the product page or the account). */
function Builds({ productId, builds }: { productId: string; builds: ReleaseBuild[] }) {
  return (
    <>
      <h3 className="mt-4 font-semibold">Builds</h3>
      <ul className="list-disc pl-6">
        {builds.map((b) => (
          <li key={b.id} className="break-all">
            <span className="font-mono text-sm">{b.filename}</span> ({b.release_version}, {osName(b.platform)} {b.arch}, {byteSize(b.size)}){" "}
            {b.signed ? (
              <a className="text-sky-800 underline" href={minisigPath(productId, b)} download aria-label={`Signature of ${b.filename}`}>
                signature
              </a>
            ) : (
              <span className="text-amber-800">unsigned</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One version on the release notes page: features, requirements, dependencies, packages, changelog. */
/** A published security advisory that a version (or one of its patches) fixes. */
export type FixedAdvisory = { id: string; title: string; severity: AdvisorySeverity; version: string };

export function ReleaseEntry({
  release,
  productId,
  builds = [],
  fixes = [],
}: {
  release: PublicRelease;
  productId?: string;
  builds?: ReleaseBuild[];
  fixes?: FixedAdvisory[];
}) {
  const r = release.requirements;
  const requirements: [string, string][] = [
    ["Operating system", r.os.map(osName).join(", ")],
    ["RAM", r.ram],
    ["GPU", r.gpu],
    ["Processor", r.processor],
    ["Storage", r.storage],
    ["Network", r.network],
  ];
  const id = `v${release.version}`;
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 p-5">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Version {release.version}
        {release.status === "yanked" ? " " : null}
        {release.status === "yanked" ? <span className="ml-2 text-base font-semibold text-amber-800">(withdrawn)</span> : null}
      </h2>
      {release.published_at ? (
        <p className="text-sm text-slate-600">
          Published <time dateTime={release.published_at}>{releaseDate(release.published_at)}</time>
        </p>
      ) : null}
      {release.status === "yanked" ? <Withdrawn reason={release.yank_reason} /> : null}
      {fixes.length ? (
        <div className="mt-3 rounded border border-emerald-300 bg-emerald-50 p-3" data-testid={`fixes-${release.version}`}>
          <h3 className="font-semibold text-emerald-900">Security fixes</h3>
          <ul className="list-disc pl-6 text-sm">
            {fixes.map((f) => (
              <li key={`${f.id}-${f.version}`}>
                <a className="text-sky-800 underline" href={`/security/advisories/${f.id}`}>
                  {f.id}
                </a>
                : {f.title} ({SEVERITY_LABEL[f.severity]}){f.version !== release.version ? `, fixed in ${f.version}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {release.features.length ? (
        <>
          <h3 className="mt-4 font-semibold">What is new</h3>
          <ul className="list-disc pl-6">
            {release.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-4 font-semibold">System requirements</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {requirements.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value || "—"}</dd>
          </div>
        ))}
      </dl>
      {release.external.length ? (
        <>
          <h3 className="mt-4 font-semibold">External dependencies</h3>
          <ul className="list-disc pl-6">
            {release.external.map((d) => (
              <li key={`${d.name}-${d.os}`}>
                <a className="text-sky-800 underline" href={d.link} rel="noopener noreferrer external">
                  {d.name}
                </a>{" "}
                {d.version} ({osName(d.os)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {release.python.length ? (
        <>
          <h3 className="mt-4 font-semibold">Python packages</h3>
          <ul className="list-disc pl-6 font-mono text-sm">
            {release.python.map((p) => (
              <li key={p.name}>
                {p.name}=={p.version}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {productId && builds.length ? <Builds productId={productId} builds={builds} /> : null}
      {release.patches.length ? (
        <>
          <h3 className="mt-4 font-semibold">Changelog</h3>
          <ol className="space-y-3">
            {release.patches.map((p) => (
              <li key={p.version} id={`v${p.version}`}>
                <p>
                  <strong>{p.version}</strong>
                  {p.published_at ? (
                    <>
                      {" "}
                      — <time dateTime={p.published_at}>{releaseDate(p.published_at)}</time>
                    </>
                  ) : null}
                  {p.status === "yanked" ? " " : null}
                  {p.status === "yanked" ? <span className="ml-2 font-semibold text-amber-800">(withdrawn)</span> : null}
                </p>
                {p.status === "yanked" ? <Withdrawn reason={p.yank_reason} /> : null}
                {p.features.length ? (
                  <ul className="list-disc pl-6">
                    {p.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </article>
  );
}
