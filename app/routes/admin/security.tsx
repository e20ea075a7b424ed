import { releaseDate } from "../../components/releases/release-date";
import type { Route } from "./+types/security";
import { loadSecurity, type SecurityKey } from "./security.server";

export const loader = ({ request, context }: Route.LoaderArgs) => loadSecurity(request, context);

/** One signing key's public facts: which one it is, and since and until when it signed. */
function KeyFacts({ k }: { k: SecurityKey }) {
  return (
    <li className="py-3" data-testid={`key-${k.keyId}`}>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-600">Key id</dt>
        <dd className="font-mono break-all">{k.keyId}</dd>
        <dt className="font-medium text-slate-600">Algorithm</dt>
        <dd>{k.algorithm === "ed25519" ? "Ed25519" : k.algorithm}</dd>
        <dt className="font-medium text-slate-600">Created</dt>
        <dd>{releaseDate(k.createdAt)}</dd>
        <dt className="font-medium text-slate-600">Retired</dt>
        <dd>{k.retiredAt ? `${releaseDate(k.retiredAt)} (still trusted for verification)` : "Current: signs from now on"}</dd>
      </dl>
    </li>
  );
}

function KeySection({ id, title, about, keys }: { id: string; title: string; about: string; keys: SecurityKey[] }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-lg bg-white p-4 shadow">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{about}</p>
      {keys.length ? (
        <ul className="mt-2 divide-y divide-slate-200" aria-label={`${title}s, current first`}>
          {keys.map((k) => (
            <KeyFacts key={k.keyId} k={k} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No key yet: it is made when the first one is signed.</p>
      )}
    </section>
  );
}

/** /dashboard/security: the signing keys. A new key comes from `npm run keys -- rotate licence|release` on the server. */
export default function Security({ loaderData: { licence, release } }: Route.ComponentProps) {
  return (
    <>
      <title>Security | Admin</title>
      <h1 className="text-2xl font-bold">Security</h1>
      <p className="mt-2 text-sm text-slate-700">
        A new key: <code className="font-mono">npm run keys -- rotate licence</code> (or <code className="font-mono">release</code>) on the
        server. The old key stays published so what it signed still verifies.
      </p>
      <KeySection
        id="licence-key"
        title="Licence key"
        about="Signs the licence answers and offline licence files; published at /.well-known/licence-signing-key.pem."
        keys={licence}
      />
      <KeySection id="release-key" title="Release key" about="Signs the release artifacts (minisign)." keys={release} />
    </>
  );
}
