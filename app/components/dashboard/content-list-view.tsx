import { Link } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { listSearch } from "#app/modules/staff-content/list-query.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import type { ContentListData } from "#app/modules/staff-content/list-page.server.ts";
import { BulkBar } from "./bulk-bar.tsx";
import { ListFilters } from "./list-filters.tsx";
import { Pagination } from "./pagination.tsx";
import { ariaSort, SortHeader } from "./sort-header.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { useSectionT } from "./use-admin-t.ts";

type Row = ContentListData["rows"][number];

/**
 * A content list: a native table rendered on the server (so it works without JS), its
 * sorting, filters and pages all plain links and GET forms on the URL.
 */
export function ContentListView({ data }: { data: ContentListData }) {
  const { type, query, rows } = data;
  const { t, section } = useSectionT(type);
  const trash = query.view === "trash";
  // Each cell's column name, shown beside it when the table is stacked on a phone.
  const label = {
    status: t("admin:list.col_status"),
    category: t("admin:list.col_category"),
    author: t(type === "advertisements" ? "admin:list.col_owner" : "admin:list.col_author"),
    published: t("admin:list.col_published"),
    updated: t(trash ? "admin:list.col_deleted" : "admin:list.col_updated"),
  };
  return (
    <>
      <div className="dash-heading">
        <h1>{trash ? t("admin:list.trash_title", { section }) : section}</h1>
        <div className="dash-heading__actions">
          {type === "advertisements" ? (
            <LocalizedLink to="/dashboard/advertisements/moderation" className="button button--secondary">
              {t("admin:moderation.title")}
            </LocalizedLink>
          ) : null}
          {data.filters.categories ? (
            <LocalizedLink to={dashboardPaths.categories(type)} className="button button--secondary">
              {t("admin:categories.title")}
            </LocalizedLink>
          ) : null}
          <LocalizedLink to={dashboardPaths.create(type)} className="button">
            {t("admin:list.create")}
          </LocalizedLink>
        </div>
      </div>
      <nav className="dash-tabs" aria-label={t("admin:list.views")}>
        <Link to={listSearch({ ...query, view: "active", page: 1, status: undefined })} aria-current={trash ? undefined : "page"}>
          {t("admin:list.view_active")}
        </Link>
        <Link to={listSearch({ ...query, view: "trash", page: 1, status: undefined })} aria-current={trash ? "page" : undefined}>
          {t("admin:list.view_trash")}
        </Link>
      </nav>
      <ListFilters
        query={query}
        filters={data.filters}
        authorLabel={t(type === "advertisements" ? "admin:list.col_owner" : "admin:list.col_author")}
      />
      <BulkBar query={query} actions={data.bulkActions} total={data.total} />
      {/* A native table (PrimeReact's DataTable put ARIA roles on native cells); it scrolls
          inside its own box if the column is still too narrow, never the page. */}
      <div className="dash-table-scroll">
        <table className="stats-table stats-table--stack dash-table">
          <thead>
            <tr>
              <th scope="col" className="dash-table__select">
                <span className="visually-hidden">{t("admin:list.select")}</span>
              </th>
              <th scope="col" aria-sort={ariaSort(query, "title")}>
                <SortHeader query={query} sort="title" label={t("admin:list.col_title")} />
              </th>
              <th scope="col" aria-sort={ariaSort(query, "status")}>
                <SortHeader query={query} sort="status" label={label.status} />
              </th>
              {data.filters.categories ? (
                <th scope="col" className="dash-table__optional">
                  {label.category}
                </th>
              ) : null}
              <th scope="col" className="dash-table__optional">
                {label.author}
              </th>
              <th scope="col" aria-sort={ariaSort(query, "published_at")}>
                <SortHeader query={query} sort="published_at" label={label.published} />
              </th>
              <th scope="col" aria-sort={ariaSort(query, "updated_at")}>
                <SortHeader query={query} sort="updated_at" label={label.updated} />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? (
              rows.map((row: Row) => (
                <tr key={row.id}>
                  <td className="dash-table__select">
                    <input
                      type="checkbox"
                      name="ids"
                      value={row.id}
                      form="bulk-form"
                      aria-label={t("admin:list.select_row", { title: row.title })}
                    />
                  </td>
                  <td className="dash-table__main">
                    <LocalizedLink to={row.editPath} className="dash-table__title">
                      {row.title}
                    </LocalizedLink>
                    {row.titleEn ? (
                      <span className="dash-table__sub" lang="en">
                        {row.titleEn}
                      </span>
                    ) : null}
                    <span className="dash-table__sub">/{row.slug}</span>
                  </td>
                  <td data-label={label.status}>
                    <StatusBadge status={row.status} scheduled={row.scheduled} />
                  </td>
                  {data.filters.categories ? (
                    <td className="dash-table__optional" data-label={label.category}>
                      {row.category ?? "—"}
                    </td>
                  ) : null}
                  <td className="dash-table__optional" data-label={label.author}>
                    {row.author ?? "—"}
                  </td>
                  <td className="dash-table__date" data-label={label.published}>
                    {row.published ?? "—"}
                  </td>
                  <td className="dash-table__date" data-label={label.updated}>
                    {trash ? row.deleted : row.updated}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={data.filters.categories ? 7 : 6}>{t("admin:list.empty")}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={query.page} pages={data.pages} total={data.total} hrefFor={(page) => listSearch(query, { page })} />
    </>
  );
}
