import { useLocation } from "react-router";
import { PageLinks } from "#app/components/page-links.tsx";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import { useContentT } from "./use-content-t.ts";

/** The current URL with `page` set (dropped for page 1, the canonical address); other parameters kept. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function PaginationNav({ pagination }: { pagination: Pagination }) {
  const { t } = useContentT();
  const { pathname, search } = useLocation();
  const { page, pageCount } = pagination;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <PageLinks
        page={page}
        pageCount={pageCount}
        hrefFor={(to) => pageHref(pathname, search, to)}
        labels={{ previous: t("pagination.previous"), next: t("pagination.next"), page: t("pagination.page") }}
        currentClassName="pagination__current"
        numberLabel={(to) => t("pagination.go_to", { page: to })}
        keepEnds
      />
    </nav>
  );
}
