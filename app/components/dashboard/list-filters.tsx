import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { ListQuery } from "#app/modules/staff-content/list-query.ts";
import type { Choice } from "#app/modules/staff-content/form-data.server.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import { tKey, useAdminT } from "./use-admin-t.ts";

type Filters = { statuses: string[]; categories: Choice[] | null; authors: Array<{ id: number; label: string }> };

/** The list's filters: a GET form, so the result is a URL (bookmarkable, works without JS). */
export function ListFilters({ query, filters, authorLabel }: { query: ListQuery; filters: Filters; authorLabel: string }) {
  const { t } = useAdminT();
  const any = t("admin:list.any");
  const statuses = filters.statuses.map((status) => ({ value: status, label: tKey(t, `admin:status.${status}`) }));
  // Subcategories indented under their parent.
  const categories = filters.categories?.map((category) => ({
    value: category.id,
    label: (
      <>
        {"\u2003".repeat(category.depth)}
        {category.label}
      </>
    ),
  }));
  const authors = filters.authors.map((author) => ({ value: author.id, label: author.label }));
  const selects = [
    { name: "status", label: t("admin:list.col_status"), value: query.status, options: statuses },
    ...(categories ? [{ name: "category", label: t("admin:list.col_category"), value: query.category, options: categories }] : []),
    { name: "author", label: authorLabel, value: query.author, options: authors },
  ];
  return (
    <SearchFilters
      id="filter-q"
      label={t("admin:list.search")}
      q={query.q}
      hidden={
        <>
          {query.view === "trash" ? <input type="hidden" name="view" value="trash" /> : null}
          {query.sort !== "updated_at" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        </>
      }
      reset={
        <Link to={query.view === "trash" ? "?view=trash" : "?"} className="button button--secondary">
          {t("admin:list.reset")}
        </Link>
      }
    >
      {selects.map((select) => (
        <FilterSelect
          key={select.name}
          className="field"
          id={`filter-${select.name}`}
          name={select.name}
          label={select.label}
          anyLabel={any}
          defaultValue={select.value === undefined ? "" : String(select.value)}
          options={select.options}
        />
      ))}
    </SearchFilters>
  );
}

type SearchFiltersProps = { id: string; label: string; q: string | undefined; hidden?: ReactNode; children?: ReactNode; reset?: ReactNode };

/** A dashboard list's GET filter form: the search box, any further `children` fields, then apply (and `reset`). */
export function SearchFilters({ id, label, q, hidden, children, reset }: SearchFiltersProps) {
  const { t } = useAdminT();
  return (
    <Form method="get" className="dash-filters" role="search" aria-label={t("admin:list.filters")}>
      {hidden}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" name="q" defaultValue={q ?? ""} />
      </div>
      {children}
      <div className="dash-filters__actions">
        <button type="submit" className="button">
          {t("admin:list.apply")}
        </button>
        {reset}
      </div>
    </Form>
  );
}
