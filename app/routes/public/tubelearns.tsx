import { ArticleFacts } from "../../components/article-facts";
import { FeatureList, PageHero, Prose } from "../../components/page-hero";
import { CodeBlock } from "../../components/code-block";
import { pageMeta, productTrail, softwareLd } from "../../components/page-meta";
import { ProductIcon } from "../../components/product-icon";
import { site } from "../../site";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return pageMeta("/products/opensource/tubelearns", "TubeLearns: NLP datasets from YouTube transcripts", "TubeLearns is an open source Python module that extracts and cleans YouTube video transcripts into NLP datasets.", { jsonLd: [softwareLd("TubeLearns", "TubeLearns is an open source Python module that extracts and cleans YouTube video transcripts into NLP datasets.", "DeveloperApplication", "/products/opensource/tubelearns", "Windows, macOS, Linux")], trail: productTrail("TubeLearns", "/products/opensource/tubelearns") });
}

const features: [string, string][] = [
  ["Instant data generation", "Give it a topic and get a dataset of cleaned transcripts in minutes."],
  ["Diverse sources", "Collect from many channels, languages and video lengths at once."],
  ["Customizable query parameters", "Filter by keywords, duration, upload date and the number of videos."],
  ["Data enrichment", "Keeps titles, channels and timestamps beside each transcript."],
  ["Scalability", "Fetches in batches, so thousands of videos do not need thousands of manual steps."],
  ["User-friendly interface", "A few lines of Python, or one command in the terminal."],
];

export default function TubeLearns() {
  return (
    <>
      <PageHero eyebrow="Open source · Published 3 November 2023" title="TubeLearns: collect NLP data from YouTube">
        A Python module for extracting and cleaning video transcripts into datasets for natural language processing.
      </PageHero>
      <Prose>
        <div className="flex justify-center rounded-xl bg-red-50 p-8"><ProductIcon name="tubelearns" className="h-32 w-32" /></div>
        <p>Training and evaluating language models needs real spoken language. YouTube has plenty, but copying transcripts by hand is slow and the raw captions are full of timing marks and noise. TubeLearns searches for videos, downloads their transcripts, strips the noise and writes a tidy dataset you can load straight into your pipeline.</p>
        <h2 className="text-2xl font-bold">Features</h2>
        <FeatureList items={features} />
        <h2 className="text-2xl font-bold">Install</h2>
        <CodeBlock label="Install command">pip install tubelearns</CodeBlock>
        <ArticleFacts start="30 Sep 2023" end="3 Nov 2023" links={[["Source repository", site.repos.tubelearns], ["Package index (PyPI)", site.links.packageIndex]]} />
      </Prose>
    </>
  );
}
