/** Where the build puts the blog covers (scripts/build-public-assets.ts copies content/blog/covers). */
export const blogCoverPath = (cover: string) => `/Blog/covers/${cover}`;

const formatted = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

type Byline = { date: string; author: string; readingMinutes: number };

/** Date (machine-readable in <time>), author and reading time of an article. */
export function ArticleByline({ article, className }: { article: Byline; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={article.date}>{formatted(article.date)}</time> · {article.author} · {article.readingMinutes} min read
    </p>
  );
}
