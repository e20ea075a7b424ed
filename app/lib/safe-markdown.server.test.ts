import { describe, expect, it } from "vitest";
import { renderSafeMarkdown } from "./safe-markdown.server";

describe("renderSafeMarkdown", () => {
  it("renders Markdown", () => {
    expect(renderSafeMarkdown("**Scope:** the [site](https://example.com/x).")).toBe(
      '<p><strong>Scope:</strong> the <a href="https://example.com/x" rel="nofollow noopener">site</a>.</p>\n',
    );
  });

  it("shows raw HTML as text, inline and as a block", () => {
    const html = renderSafeMarkdown('Hi <img src=x onerror="alert(1)"> there\n\n<script>alert(1)</script>\n');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("drops links and images that are not http(s), mailto or this site", () => {
    const html = renderSafeMarkdown("[x](javascript:alert(1)) ![pic](https://cdn.example.com/a.png) [y](//evil.example)");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="//evil');
    expect(html).toContain('<a href="https://cdn.example.com/a.png" rel="nofollow noopener">pic</a>');
  });
});
