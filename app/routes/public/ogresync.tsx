import { FeatureList, PageHero, Prose } from "../../components/page-hero";
import { CodeBlock } from "../../components/code-block";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { site } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/opensource/ogresync", "OgreSync: notes vault sync over Git and SSH", "OgreSync keeps a notes vault in sync with a code hosting service over Git and SSH. Features, install steps, usage and contributing.", { jsonLd: [softwareLd("OgreSync", "OgreSync keeps a notes vault in sync with a code hosting service over Git and SSH. Features, install steps, usage and contributing.", "UtilitiesApplication", "/products/opensource/ogresync", "Windows, macOS, Linux")], trail: productTrail("OgreSync", "/products/opensource/ogresync") });
}

const features: [string, string][] = [
  ["Sync over Git and SSH", "Your vault is an ordinary Git repository; OgreSync commits, pulls and pushes it over SSH."],
  ["No third-party cloud", "Notes go only to the repository you choose, private if you like."],
  ["Conflict-aware", "When two devices edit the same note, both versions are kept for you to merge."],
  ["Guided first run", "Creates the SSH key, tests the connection and sets up the remote for you."],
];

export default function OgreSync() {
  return (
    <>
      <PageHero eyebrow="Open source" title="OgreSync">Keep your notes vault in sync with a code hosting service over Git and SSH.</PageHero>
      <Prose>
        <h2 className="text-2xl font-bold">Features</h2>
        <FeatureList items={features} />
        <h2 className="text-2xl font-bold">Install</h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>Install Git and make sure <code>ssh</code> is available.</li>
          {site.repos.ogresync ? <li>Clone the repository: <CodeBlock label="Clone command">{`git clone ${site.repos.ogresync}.git`}</CodeBlock></li> : null}
          <li>Install the dependencies: <CodeBlock label="Install command">pip install -r requirements.txt</CodeBlock></li>
        </ol>
        <h2 className="text-2xl font-bold">Usage</h2>
        <p>Run <code>python ogresync.py</code>, choose your vault folder and paste the SSH address of an empty repository. From then on OgreSync pulls before your notes app opens and pushes after it closes.</p>
        <h2 className="text-2xl font-bold">Contributing</h2>
        {site.repos.ogresync ? <p>Issues and pull requests are welcome on <a className="text-sky-800 underline" href={site.repos.ogresync}>the OgreSync repository</a>. Please describe how to reproduce a bug and keep pull requests small.</p> : null}
      </Prose>
    </>
  );
}
