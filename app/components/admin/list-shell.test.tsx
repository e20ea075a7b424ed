import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PageLinks } from "./list-controls";
import { AdminListShell, FilterBar, SearchField } from "./list-shell";

/** The markup of `element` on a screen at `url` (the parts read the URL's filters and page). */
function render(element: React.ReactNode, url: string) {
  const Stub = createRoutesStub([{ path: "/dashboard/coupons", Component: () => element }]);
  return renderToString(<Stub initialEntries={[url]} />);
}

const shell = (
  <AdminListShell
    searchLabel="Find coupons"
    fields={<input name="q" aria-label="Code" />}
    csv={{ path: "/api/admin/coupons.csv", keys: ["q", "status"] }}
    titleId="coupon-list-title"
    title="Matching coupons"
    count={<p>41 coupons</p>}
    pager={{ label: "Coupon pages", total: 41, pageSize: 20 }}
  >
    <table aria-labelledby="coupon-list-title" />
  </AdminListShell>
);

describe("AdminListShell", () => {
  it("draws the search landmark, the CSV of the filtered view, the hidden heading and the pager of the URL's page", () => {
    const html = render(shell, "/dashboard/coupons?q=AB&page=2&sort=x");
    expect(html).toMatch(/<form[^>]*role="search" aria-label="Find coupons"[^>]*method="get">/);
    expect(html).toContain('<button type="submit"');
    expect(html).toContain('href="/api/admin/coupons.csv?q=AB" download="">Export CSV</a>');
    expect(html).toContain(
      '<section class="mt-6 rounded-lg bg-white p-4 shadow"><h2 id="coupon-list-title" class="sr-only">Matching coupons</h2>',
    );
    expect(html).toMatch(/<nav aria-label="Coupon pages"[^>]*>.*Page <!-- -->2<!-- --> of <!-- -->3/);
  });

  it("links the unfiltered CSV without a query, and names the section only when asked", () => {
    const html = render(shell, "/dashboard/coupons");
    expect(html).toContain('href="/api/admin/coupons.csv" download=""');
    expect(html).not.toContain('aria-labelledby="coupon-list-title"><h2');
  });
});

describe("FilterBar", () => {
  it("is a plain form, not a search landmark, when the screen says so, with its own button word", () => {
    const html = render(
      <FilterBar label="Filter security reports" submitLabel="Show" landmark={false}>
        <select name="status" aria-label="Status" />
      </FilterBar>,
      "/dashboard/coupons",
    );
    expect(html).not.toContain('role="search"');
    expect(html).toMatch(/aria-label="Filter security reports"[^>]*>.*<button type="submit"[^>]*>Show<\/button><\/form>/);
  });
});

describe("PageLinks", () => {
  it("links the earlier and later page only where there is one", () => {
    const href = (n: number) => `?page=${n}`;
    const first = render(
      <PageLinks label="Audit log pages" page={1} pages={2} href={href} earlier="Newer" later="Older" />,
      "/dashboard/coupons",
    );
    expect(first).not.toContain("Newer");
    expect(first).toContain('href="/dashboard/coupons?page=2"');
    const last = render(<PageLinks label="Invoice pages" page={2} pages={2} href={href} markCurrent />, "/dashboard/coupons");
    expect(last).toContain('<span aria-current="page">');
    expect(last).not.toContain(">Next<");
  });
});

describe("SearchField", () => {
  it("is the URL's q, a search box without autofill, with a refusal tied to it", () => {
    const html = renderToString(
      <SearchField
        label="Code or its beginning"
        params={new URLSearchParams("q=WELCOME&page=2")}
        error="Use letters and digits."
        className="w-64"
      />,
    );
    const input = html.match(/<input [^>]*>/)?.[0] ?? "";
    for (const attribute of [
      'name="q"',
      'type="search"',
      'value="WELCOME"',
      'autoComplete="off"',
      'spellCheck="false"',
      'aria-invalid="true"',
    ]) {
      expect(input).toContain(attribute);
    }
    const id = input.match(/ id="([^"]+)"/)?.[1];
    expect(input).toContain(`aria-describedby="${id}-error"`);
    expect(html).toContain(`<p id="${id}-error"`);
    expect(html).toContain("Use letters and digits.");
    const empty = renderToString(<SearchField label="Search" params={new URLSearchParams()} className="w-64" />);
    expect(empty).toContain('value=""');
    expect(empty).not.toContain("aria-invalid");
  });
});
