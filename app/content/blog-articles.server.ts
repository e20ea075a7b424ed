import matter from "gray-matter";
import { Marked, type Tokens } from "marked";
import { z } from "zod";

// The blog: one Markdown file per article in content/blog (its README says how to write one),
// bundled into the server build by Vite at build time, so a deployment needs no content folder and
// the pages are prerendered. Only server code imports this module: the Markdown library never
// reaches the browser, which gets the finished HTML.
const files = import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true });

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
const FrontMatterSchema = z.strictObject({
  title: z.string().min(1).max(60),
  summary: z.string().min(1).max(200),
  date: z.preprocess(isoDate, z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  author: z.string().min(1),
  tags: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  cover: z.string().regex(/^[a-z0-9-]+\.svg$/),
});
type FrontMatter = z.infer<typeof FrontMatterSchema>;

export type ArticleCard = FrontMatter & { slug: string; readingMinutes: number };
export type Article = ArticleCard & { html: string; words: number };

// Code listings can be wider than a phone: focusable so a keyboard can scroll them (axe), and named
// through a role that allows a label (the Nu checker refuses aria-label on a bare <pre>).
const markdown = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }: Tokens.Code) {
      const label = lang ? `${lang} example` : "Example";
      const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      return `<pre tabindex="0" role="group" aria-label="${label}"><code>${escaped}</code></pre>\n`;
    },
  },
});

function parse(path: string, source: string): Article {
  const slug = path.slice(path.lastIndexOf("/") + 1, -".md".length);
  const { data, content } = matter(source);
  const front = FrontMatterSchema.safeParse(data);
  if (!front.success) {
    throw new Error(`content/blog/${slug}.md: ${front.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const words = content.split(/\s+/).filter(Boolean).length;
  return {
    ...front.data,
    slug,
    words,
    readingMinutes: Math.max(1, Math.round(words / 220)),
    html: markdown.parse(content, { async: false }),
  };
}

/** Every article, newest first. */
export const articles: Article[] = Object.entries(files)
  .filter(([path]) => !path.endsWith("/README.md"))
  .map(([path, source]) => parse(path, source))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

export const articleCards = (): ArticleCard[] => articles.map(({ html: _html, words: _words, ...card }) => card);

/** The article and its neighbours in the list: `newer` and `older`. */
export function articleWithNeighbours(slug: string) {
  const index = articles.findIndex((a) => a.slug === slug);
  if (index === -1) return undefined;
  const link = (a: Article | undefined) => (a ? { slug: a.slug, title: a.title } : null);
  return { article: articles[index], newer: link(articles[index - 1]), older: link(articles[index + 1]) };
}
