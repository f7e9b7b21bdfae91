import { Link } from "react-router";
import { listSearch, type ListQuery, type SortKey } from "#app/modules/staff-content/list-query.ts";
import { useAdminT } from "./use-admin-t.ts";

/**
 * A column header that sorts by a link (works without JS, bookmarkable): the first click
 * sorts ascending by text and descending by time, the next one reverses.
 */
export function SortHeader({ query, sort, label }: { query: ListQuery; sort: SortKey; label: string }) {
  const { t } = useAdminT();
  const active = query.sort === sort;
  const firstDir = sort === "title" || sort === "status" ? "asc" : "desc";
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : firstDir;
  const arrow = active ? (query.dir === "asc" ? " ▲" : " ▼") : "";
  return (
    <Link to={listSearch(query, { sort, dir, page: 1 })} className="sort-link" preventScrollReset>
      {label}
      <span aria-hidden="true">{arrow}</span>
      {active ? (
        <span className="visually-hidden">{` (${t(query.dir === "asc" ? "admin:list.sorted_asc" : "admin:list.sorted_desc")})`}</span>
      ) : null}
    </Link>
  );
}

export function ariaSort(query: ListQuery, sort: SortKey): "ascending" | "descending" | undefined {
  if (query.sort !== sort) return undefined;
  return query.dir === "asc" ? "ascending" : "descending";
}
