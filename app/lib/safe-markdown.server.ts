import { Marked, type Tokens } from "marked";

// Markdown typed by an admin (quest rules, and any other text shown to visitors): raw HTML in it is
// shown as text, links go only to http(s), mailto or this site, and images become links, so no
// third-party host is loaded by a page and no script can be planted.
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

const marked = new Marked({
  gfm: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return text;
      const external = /^https?:\/\//i.test(token.href);
      return `<a href="${escapeHtml(token.href)}"${external ? ' rel="nofollow noopener"' : ""}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      if (!SAFE_HREF.test(token.href)) return escapeHtml(token.text);
      return `<a href="${escapeHtml(token.href)}" rel="nofollow noopener">${escapeHtml(token.text || token.href)}</a>`;
    },
  },
});

/** Admin-typed Markdown as HTML that is safe to put in a page. */
export function renderSafeMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
