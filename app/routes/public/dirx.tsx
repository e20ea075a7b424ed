import { CopyButton } from "../../components/copy-button";
import { PageHero, Prose } from "../../components/page-hero";
import { CodeBlock } from "../../components/code-block";
import { pageMeta } from "../../components/page-meta";
import { site } from "../../site";

export function meta() {
  return pageMeta("/products/cyber/webtools/dirx", "dirx directory scanner", "dirx finds hidden paths on web servers. Downloads for macOS Apple Silicon and Linux x86_64, install commands and a usage guide.");
}

const installs: [string, string][] = [
  ["macOS (Apple Silicon)", `curl -LO ${site.downloads.dirxMac} && tar -xzf dirx-macos-arm64.tar.gz && sudo mv dirx /usr/local/bin/`],
  ["Linux (x86_64)", `curl -LO ${site.downloads.dirxLinux} && tar -xzf dirx-linux-x86_64.tar.gz && sudo mv dirx /usr/local/bin/`],
];

const usage: [string, string][] = [
  ["Start", "Enter the target URL, pick a wordlist and press Start to probe every path in it."],
  ["Spider", "Follows the links of every page found, so paths that no wordlist contains still turn up."],
  ["Query Search", "Filters the results by status code, size or a text match to find the interesting ones."],
  ["Stop", "Stops the scan. A large scan may need several clicks while in-flight requests finish."],
];

export default function Dirx() {
  return (
    <>
      <PageHero eyebrow="Web-tools · Published 16 March 2025" title="dirx: find the paths a site does not link to">
        A directory scanner for authorised web assessments: forgotten backups, admin panels and staging folders.
      </PageHero>
      <Prose>
        <h2 className="text-2xl font-bold">Download</h2>
        <ul className="flex flex-wrap gap-3">
          <li><a className="inline-block rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white" href={site.downloads.dirxMac}>Download for macOS Apple Silicon</a></li>
          <li><a className="inline-block rounded-lg bg-sky-700 px-4 py-2 font-semibold text-white" href={site.downloads.dirxLinux}>Download for Linux x86_64</a></li>
        </ul>
        <h2 className="text-2xl font-bold">Install</h2>
        {installs.map(([label, command]) => (
          <div key={label}>
            <div className="flex items-center justify-between gap-2"><h3 className="font-semibold">{label}</h3><CopyButton text={command} /></div>
            <CodeBlock label={`Install command for ${label}`}>{command}</CodeBlock>
          </div>
        ))}
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
