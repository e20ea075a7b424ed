import { formatDay } from "../../contract/time";
/** Where the build puts the blog covers (scripts/build-public-assets.ts copies content/blog/covers). */
export const blogCoverPath = (cover: string) => `/Blog/covers/${cover}`;

type Byline = { date: string; author: string; readingMinutes: number };

/** Date (machine-readable in <time>), author and reading time of an article. */
export function ArticleByline({ article, className }: { article: Byline; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={article.date}>{formatDay(article.date)}</time> · {article.author} · {article.readingMinutes} min read
    </p>
  );
}
