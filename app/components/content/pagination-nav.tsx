import { Link, useLocation } from "react-router";
import type { Pagination } from "~/modules/listing/pagination";
import { useContentT } from "./use-content-t";

/** The current URL with `page` set (dropped for page 1, the canonical address); other parameters kept. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(page: number, count: number, radius = 2): Array<number | "gap"> {
  const pages = new Set([1, count]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((p, index) => {
    if (index > 0 && p - sorted[index - 1]! > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

export function PaginationNav({ pagination }: { pagination: Pagination }) {
  const { t } = useContentT();
  const { pathname, search } = useLocation();
  const { page, pageCount } = pagination;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={pageHref(pathname, search, page - 1)} rel="prev">
              {t("pagination.previous")}
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className="pagination__current">
                  <span className="visually-hidden">{t("pagination.page")} </span>
                  {item}
                </span>
              ) : (
                <Link to={pageHref(pathname, search, item)} aria-label={t("pagination.go_to", { page: item })}>
                  {item}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={pageHref(pathname, search, page + 1)} rel="next">
              {t("pagination.next")}
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
