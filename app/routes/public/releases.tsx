import { Link } from "react-router";
import { PageHero, Prose } from "../../components/page-hero";
import { pageMeta } from "../../components/page-meta";
import { ReleaseEntry } from "../../components/releases/release-entry";
import { VerifyBuilds } from "../../components/releases/verify-builds";
import { productPage } from "../../components/store/product-links";
import type { Route } from "./+types/releases";
import { loadReleases } from "./releases.server";

// Server-rendered per request (releases change at run time) but needs no client JavaScript: the
// islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta({ data, params }: Route.MetaArgs) {
  const product = data?.found?.product;
  if (!product) return [{ title: data?.productPage ? "No release published yet" : "Product not found" }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta(
      `/releases/${product.id}`,
      `${product.name} release notes`,
      `Every published version of ${product.name}: what is new, system requirements, dependencies, Python packages and the patch changelog.`,
    ),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `${product.name} releases`, href: `/releases/${params.productId}/feed.xml` },
  ];
}

// Revalidated on every visit: a release the admin just published or yanked shows at once.
export const headers = () => ({ "Cache-Control": "no-cache" });

export const loader = ({ params, context }: Route.LoaderArgs) => loadReleases(params.productId, context);

/** /releases/:productId: the release notes of one product, newest version first; drafts never. */
export default function Releases({ loaderData, params }: Route.ComponentProps) {
  const found = loaderData.found;
  if (!found && loaderData.productPage) {
    return (
      <>
        <PageHero eyebrow="Release notes" title="No release published yet" />
        <Prose>
          <p>
            No version of this product has been published yet.{" "}
            <Link className="text-sky-800 underline" to={loaderData.productPage}>
              Back to the product page
            </Link>
            .
          </p>
        </Prose>
      </>
    );
  }
  if (!found) {
    return (
      <>
        <PageHero eyebrow="Release notes" title="Product not found" />
        <Prose>
          <p>
            We publish no product called <strong>{params.productId}</strong>.{" "}
            <Link className="text-sky-800 underline" to="/tools">
              See our tools
            </Link>
            .
          </p>
        </Prose>
      </>
    );
  }
  const { product, releases } = found;
  const { builds, releaseKey, fixes } = loaderData;
  const page = productPage(product.id);
  return (
    <>
      <PageHero eyebrow="Release notes" title={`${product.name} releases`}>
        <p>
          Every published version, newest first.{" "}
          <a className="underline" href={`/releases/${product.id}/feed.xml`}>
            Follow the Atom feed
          </a>
          {page ? (
            <>
              {" "}
              or go back to the{" "}
              <Link className="underline" to={page}>
                {product.name} page
              </Link>
            </>
          ) : null}
          .
        </p>
      </PageHero>
      <Prose>
        {releaseKey ? <VerifyBuilds releaseKey={releaseKey} /> : null}
        {releases.map((r) => (
          <ReleaseEntry
            key={r.version}
            release={r}
            productId={product.id}
            builds={builds[r.version] ?? []}
            fixes={[r.version, ...r.patches.map((p) => p.version)].flatMap((v) => (fixes[v] ?? []).map((f) => ({ ...f, version: v })))}
          />
        ))}
      </Prose>
    </>
  );
}
