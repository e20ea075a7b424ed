import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { secondaryButtonClass } from "./form-field";

/**
 * A list screen's filters and page, kept in the URL so a filtered view can be reloaded and shared.
 * `update` sets (or, for an empty value, removes) parameters; a filter change passes `page: ""`.
 * While a change is still loading, `params` are the ones being loaded: a second change made before
 * the first answer arrives builds on the first instead of silently reverting it.
 */
export function useUrlFilters() {
  const [current, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const params = pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : current;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { preventScrollReset: true });
  };
  return { params, page, update };
}

/** Previous / "Page n of m" / Next, disabled at either end. */
export function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3">
      <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/**
 * "12 messages": the count of a filtered list, announced when it changes. A `capped` count (the
 * server stops counting at its cap) reads "More than 10,000 coupons".
 */
export function ListCount({
  total,
  noun,
  capped = false,
  className = "mt-4",
  cappedHint,
}: {
  total: number;
  noun: string;
  capped?: boolean;
  className?: string;
  /** Said after "More than N …" when the count stopped at its cap (e.g. how to narrow a search). */
  cappedHint?: string;
}) {
  return (
    <p className={`${className} text-sm text-slate-700`.trim()} aria-live="polite">
      {capped ? `More than ${total.toLocaleString("en-IN")} ${noun}s` : `${total} ${noun}${total === 1 ? "" : "s"}`}
      {capped && cappedHint ? `. ${cappedHint}` : null}
    </p>
  );
}

/** How many pages `total` rows fill: at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export type UrlPagerProps = {
  /** The pager's name: "Coupon pages". */
  label: string;
  total: number;
  pageSize: number;
  /** Drawn only when there is more than one page. */
  onlyWhenSeveral?: boolean;
};

/** The Pager of a list whose page is the URL's `page` parameter (useUrlFilters). */
export function UrlPager({ label, total, pageSize, onlyWhenSeveral = false }: UrlPagerProps) {
  const { page, update } = useUrlFilters();
  const pages = pageCount(total, pageSize);
  if (onlyWhenSeveral && pages <= 1) return null;
  return <Pager label={label} page={page} pages={pages} onPage={(n) => update({ page: String(n) })} />;
}

/**
 * A pager of links (works without JavaScript, each page has its URL): the earlier and later page
 * around "Page n of m", each only where there is one. `href` builds a page's URL.
 */
export function PageLinks({
  label,
  page,
  pages,
  href,
  earlier = "Previous",
  later = "Next",
  className = "mt-4 flex items-center gap-4 text-sm",
  linkClassName = "text-blue-800 underline",
  markCurrent = false,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  earlier?: string;
  later?: string;
  className?: string;
  /** null: the links as the browser draws them. */
  linkClassName?: string | null;
  /** "Page n of m" is marked aria-current="page". */
  markCurrent?: boolean;
}) {
  return (
    <nav aria-label={label} className={className}>
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClassName ?? undefined}>
          {earlier}
        </Link>
      ) : null}
      <span aria-current={markCurrent ? "page" : undefined}>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClassName ?? undefined}>
          {later}
        </Link>
      ) : null}
    </nav>
  );
}
