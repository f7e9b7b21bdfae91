import { Form, Link } from "react-router";
import type { ListQuery } from "~/modules/staff-content/list-query";
import type { Choice } from "~/modules/staff-content/form-data.server";
import { tKey, useAdminT } from "./use-admin-t";

type Filters = { statuses: string[]; categories: Choice[] | null; authors: Array<{ id: number; label: string }> };

/** The list's filters: a GET form, so the result is a URL (bookmarkable, works without JS). */
export function ListFilters({ query, filters, authorLabel }: { query: ListQuery; filters: Filters; authorLabel: string }) {
  const { t } = useAdminT();
  return (
    <Form method="get" className="dash-filters" role="search" aria-label={t("admin:list.filters")}>
      {query.view === "trash" ? <input type="hidden" name="view" value="trash" /> : null}
      {query.sort !== "updated_at" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="field">
        <label htmlFor="filter-q">{t("admin:list.search")}</label>
        <input id="filter-q" type="search" name="q" defaultValue={query.q ?? ""} />
      </div>
      <div className="field">
        <label htmlFor="filter-status">{t("admin:list.col_status")}</label>
        <select id="filter-status" name="status" defaultValue={query.status ?? ""}>
          <option value="">{t("admin:list.any")}</option>
          {filters.statuses.map((status) => (
            <option key={status} value={status}>
              {tKey(t, `admin:status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      {filters.categories ? (
        <div className="field">
          <label htmlFor="filter-category">{t("admin:list.col_category")}</label>
          <select id="filter-category" name="category" defaultValue={query.category ? String(query.category) : ""}>
            <option value="">{t("admin:list.any")}</option>
            {filters.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {"\u2003".repeat(category.depth)}
                {category.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="filter-author">{authorLabel}</label>
        <select id="filter-author" name="author" defaultValue={query.author ? String(query.author) : ""}>
          <option value="">{t("admin:list.any")}</option>
          {filters.authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.label}
            </option>
          ))}
        </select>
      </div>
      <div className="dash-filters__actions">
        <button type="submit" className="button">
          {t("admin:list.apply")}
        </button>
        <Link to={query.view === "trash" ? "?view=trash" : "?"} className="button button--secondary">
          {t("admin:list.reset")}
        </Link>
      </div>
    </Form>
  );
}
