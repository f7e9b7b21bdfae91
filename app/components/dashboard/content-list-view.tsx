import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Link } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { listSearch } from "~/modules/staff-content/list-query";
import { dashboardPaths } from "~/modules/staff-content/types";
import type { ContentListData } from "~/routes/dashboard-content-list/route";
import { BulkBar } from "./bulk-bar";
import { ListFilters } from "./list-filters";
import { Pagination } from "./pagination";
import { ariaSort, SortHeader } from "./sort-header";
import { StatusBadge } from "./status-badge";
import { tKey, useAdminT } from "./use-admin-t";

type Row = ContentListData["rows"][number];

/**
 * A content list: PrimeReact DataTable rendered on the server (so it works without JS),
 * its sorting, filters and pages all plain links and GET forms on the URL.
 */
export function ContentListView({ data }: { data: ContentListData }) {
  const { t } = useAdminT();
  const { type, query, rows } = data;
  const section = tKey(t, `dashboard:sections.${type}`);
  const trash = query.view === "trash";
  const pt = (sort: "title" | "status" | "published_at" | "updated_at") => ({ headerCell: { "aria-sort": ariaSort(query, sort) } });
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
      <ListFilters query={query} filters={data.filters} authorLabel={t(type === "advertisements" ? "admin:list.col_owner" : "admin:list.col_author")} />
      <BulkBar query={query} actions={data.bulkActions} total={data.total} />
      <DataTable
        value={rows}
        dataKey="id"
        lazy
        className="dash-table"
        emptyMessage={t("admin:list.empty")}
        tableStyle={{ minWidth: "40rem" }}
        aria-label={section}
      >
        <Column
          header={<span className="visually-hidden">{t("admin:list.select")}</span>}
          headerStyle={{ width: "2.5rem" }}
          body={(row: Row) => (
            <input
              type="checkbox"
              name="ids"
              value={row.id}
              form="bulk-form"
              aria-label={t("admin:list.select_row", { title: row.title })}
            />
          )}
        />
        <Column
          header={<SortHeader query={query} sort="title" label={t("admin:list.col_title")} />}
          pt={pt("title")}
          style={{ minWidth: "16rem" }}
          body={(row: Row) => (
            <>
              <LocalizedLink to={row.editPath} className="dash-table__title">
                {row.title}
              </LocalizedLink>
              {row.titleEn ? (
                <span className="dash-table__sub" lang="en">
                  {row.titleEn}
                </span>
              ) : null}
              <span className="dash-table__sub">/{row.slug}</span>
            </>
          )}
        />
        <Column
          header={<SortHeader query={query} sort="status" label={t("admin:list.col_status")} />}
          pt={pt("status")}
          body={(row: Row) => <StatusBadge status={row.status} scheduled={row.scheduled} />}
        />
        {data.filters.categories ? <Column header={t("admin:list.col_category")} body={(row: Row) => row.category ?? "—"} /> : null}
        <Column header={t(type === "advertisements" ? "admin:list.col_owner" : "admin:list.col_author")} body={(row: Row) => row.author ?? "—"} />
        <Column
          header={<SortHeader query={query} sort="published_at" label={t("admin:list.col_published")} />}
          pt={pt("published_at")}
          body={(row: Row) => row.published ?? "—"}
        />
        <Column
          header={<SortHeader query={query} sort="updated_at" label={t(trash ? "admin:list.col_deleted" : "admin:list.col_updated")} />}
          pt={pt("updated_at")}
          body={(row: Row) => (trash ? row.deleted : row.updated)}
        />
      </DataTable>
      <Pagination page={query.page} pages={data.pages} total={data.total} hrefFor={(page) => listSearch(query, { page })} />
    </>
  );
}
