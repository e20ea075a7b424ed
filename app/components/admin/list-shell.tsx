import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field, SelectField, buttonClass, secondaryButtonClass } from "./form-field";
import { UrlPager, type UrlPagerProps, useUrlFilters } from "./list-controls";

/**
 * The one shape of an admin list screen: a filter bar (a plain GET form, so filtering works before
 * hydration and the URL is the view), then a white section with the list's hidden heading, its count,
 * the rows (a DataTable or a list, labelled by `titleId`) and the pager. Screens with only some of
 * these parts use the parts below.
 */
export function AdminListShell({
  searchLabel,
  fields,
  csv,
  titleId,
  title,
  named = false,
  count,
  pager,
  children,
}: {
  /** The search landmark's name: "Find coupons". */
  searchLabel: string;
  /** The filter fields (and any hidden inputs the search keeps). */
  fields: ReactNode;
  /** The list's CSV: the export link after Search. */
  csv?: CsvLinkProps;
  titleId: string;
  /** The section's heading, read by screen readers only: "Matching coupons". */
  title: string;
  /** Whether the section is a named region (labelled by its heading). */
  named?: boolean;
  count: ReactNode;
  pager: UrlPagerProps;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <>
      <FilterBar label={searchLabel} csv={csv ? <CsvLink {...csv} /> : null}>
        {fields}
      </FilterBar>
      <section className="mt-6 rounded-lg bg-white p-4 shadow" aria-labelledby={named ? titleId : undefined}>
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
        {count}
        {children}
        <UrlPager {...pager} />
      </section>
    </>
  );
}

/** A list's filters as a GET form: the fields, then the submit button, then (optionally) the CSV link. */
export function FilterBar({
  label,
  children,
  submitLabel = "Search",
  landmark = true,
  csv,
}: {
  label: string;
  children: ReactNode;
  submitLabel?: string;
  /** A search landmark (role="search"); a screen whose form only narrows a short list is not one. */
  landmark?: boolean;
  csv?: ReactNode;
}) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-4" role={landmark ? "search" : undefined} aria-label={label}>
      {children}
      <button type="submit" className={buttonClass}>
        {submitLabel}
      </button>
      {csv}
    </Form>
  );
}

/**
 * A list's "Status" filter: "All statuses" or one of `statuses`, as the URL's `status` parameter. The
 * value (`defaultValue`, or `value` with `onChange` for a filter applied as it is chosen) is the screen's.
 */
export function StatusFilter({
  statuses,
  className,
  ...select
}: {
  statuses: readonly string[];
  className: string;
} & Pick<React.SelectHTMLAttributes<HTMLSelectElement>, "defaultValue" | "value" | "onChange">) {
  return (
    <SelectField
      label="Status"
      name="status"
      placeholder="All statuses"
      className={className}
      options={statuses.map((s) => ({ value: s, label: s }))}
      {...select}
    />
  );
}

/**
 * A list's search box, the URL's `q` parameter: its label says what it matches, and a refused value
 * (the loader's `errors.q`) shows beside it. No autofill or spelling marks: it holds codes and e-mails.
 */
export function SearchField({
  label,
  params,
  error,
  className,
  hint,
}: {
  label: string;
  params: URLSearchParams;
  error?: string;
  className: string;
  hint?: string;
}) {
  return (
    <Field
      label={label}
      name="q"
      type="search"
      defaultValue={params.get("q") ?? ""}
      error={error}
      className={className}
      hint={hint}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

type CsvLinkProps = {
  /** The CSV's API path: "/api/admin/coupons.csv". */
  path: string;
  /** The URL parameters the CSV is filtered by (the page is not one: the CSV has every row). */
  keys?: readonly string[];
  /** The filters, when they are not the URL's `keys`. */
  query?: URLSearchParams;
  label?: string;
};

/** The download link of the list's rows as CSV, filtered as the view is. */
export function CsvLink({ path, keys = [], query, label = "Export CSV" }: CsvLinkProps) {
  const { params } = useUrlFilters();
  const filters = query ?? new URLSearchParams(keys.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])));
  return (
    <a className={`${secondaryButtonClass} py-2`} href={`${path}${filters.size ? `?${filters}` : ""}`} download>
      {label}
    </a>
  );
}
