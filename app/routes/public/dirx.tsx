import { CopyButton } from "../../components/copy-button";
import { PageHero, Prose } from "../../components/page-hero";
import { CodeBlock } from "../../components/code-block";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { site } from "../../site";
import { BuyBox } from "../../components/store/buy-box";
import { ProductDownloads, SaleNote } from "../../components/store/product-downloads";
import type { Route } from "./+types/dirx";
import { downloadFromProductPage, loadProductBuilds } from "./product-downloads.server";

// Rendered per request (its download buttons are the published builds, decision 093) but still run
// by the islands entry, not React Router (decision 030).
export const handle = { islands: true };

export async function loader({ context }: Route.LoaderArgs) {
  const [builds, forSale] = await Promise.all([loadProductBuilds("dirx", context), context.services.store.catalogue.forProduct("dirx")]);
  // The buy box and downloads name the product as the catalogue does; the page's own name until it is on sale.
  return { ...builds, productName: forSale?.product_name ?? "dirx" };
}
export const action = ({ request, context }: Route.ActionArgs) => downloadFromProductPage(request, context);

export function meta() {
  return pageMeta("/products/cyber/webtools/dirx", "dirx directory scanner", "dirx finds hidden paths on web servers. Downloads for macOS Apple Silicon and Linux x86_64, install commands and a usage guide.", { jsonLd: [softwareLd("dirx", "dirx finds hidden paths on web servers. Downloads for macOS Apple Silicon and Linux x86_64, install commands and a usage guide.", "SecurityApplication", "/products/cyber/webtools/dirx", "macOS, Linux")], trail: productTrail("dirx", "/products/cyber/webtools/dirx") });
}

const fileName = (url: string) => url.slice(url.lastIndexOf("/") + 1);
const unixInstall = (url: string) => `curl -LO ${url} && tar -xzf ${fileName(url)} && sudo mv dirx /usr/local/bin/`;
const PLATFORMS = [
  { os: "macos", label: "macOS (Apple Silicon)", button: "Download for macOS Apple Silicon", install: unixInstall },
  { os: "linux", label: "Linux (x86_64)", button: "Download for Linux x86_64", install: unixInstall },
  {
    os: "windows",
    label: "Windows (x86_64)",
    button: "Download for Windows x86_64",
    install: (url: string) => `curl.exe -LO ${url}; Expand-Archive ${fileName(url)} -DestinationPath $env:LOCALAPPDATA\\dirx`,
  },
] as const;

/** The fallback for a dirx without any published build: the download links of SITE_CONFIG_FILE. */
const downloads = () => PLATFORMS.flatMap((p) => (site.downloads[p.os] ? [{ ...p, url: site.downloads[p.os] as string }] : []));

const usage: [string, string][] = [
  ["Start", "Enter the target URL, pick a wordlist and press Start to probe every path in it."],
  ["Spider", "Follows the links of every page found, so paths that no wordlist contains still turn up."],
  ["Query Search", "Filters the results by status code, size or a text match to find the interesting ones."],
  ["Stop", "Stops the scan. A large scan may need several clicks while in-flight requests finish."],
];

export default function Dirx({ loaderData, actionData }: Route.ComponentProps) {
  const published = loaderData.builds.length > 0;
  return (
    <>
      <PageHero eyebrow="Web-tools · Published 16 Mar 2025" title="dirx: find the paths a site does not link to">
        A directory scanner for authorised web assessments: forgotten backups, admin panels and staging folders.
      </PageHero>
      <Prose>
        {/* A free release has nothing to buy: its buttons below are the whole offer. */}
        {loaderData.free ? null : <BuyBox productId="dirx" productName={loaderData.productName} />}
        {loaderData.sale && !loaderData.free ? <SaleNote productName={loaderData.productName} sale={loaderData.sale} /> : null}
        {published ? (
          <ProductDownloads productId="dirx" productName={loaderData.productName} free={loaderData.free} builds={loaderData.builds} error={actionData && !actionData.ok ? actionData.message : undefined} />
        ) : loaderData.fallback && downloads().length > 0 ? (
          <>
            <h2 className="text-2xl font-bold">Download</h2>
            <ul className="flex flex-wrap gap-3">
              {downloads().map((p) => <li key={p.os}><a className="inline-block rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white" href={p.url}>{p.button}</a></li>)}
            </ul>
            <h2 className="text-2xl font-bold">Install</h2>
            {downloads().map((p) => (
              <div key={p.os}>
                <div className="flex items-center justify-between gap-2"><h3 className="font-semibold">{p.label}</h3><CopyButton text={p.install(p.url)} /></div>
                <CodeBlock label={`Install command for ${p.label}`}>{p.install(p.url)}</CodeBlock>
              </div>
            ))}
          </>
        ) : null}
        <h2 className="text-2xl font-bold">Usage guide</h2>
        <ol className="space-y-3">
          {usage.map(([step, text], i) => (
            <li key={step} className="rounded-xl border border-slate-200 p-4"><span className="font-semibold">{i + 1}. {step}:</span> {text}</li>
          ))}
        </ol>
      </Prose>
    </>
  );
}
