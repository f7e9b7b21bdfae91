import { PageLinks } from "#app/components/page-links.tsx";
import { useAdminT } from "./use-admin-t.ts";

/** Page links of a dashboard list (plain links: the page number is part of the URL). */
export function Pagination({
  page: wanted,
  pages,
  total,
  hrefFor,
}: {
  page: number;
  pages: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useAdminT();
  const page = Math.min(wanted, pages);
  return (
    <nav className="dash-pagination" aria-label={t("admin:list.pagination")}>
      <p className="dash-pagination__summary">{t("admin:list.total", { count: total, page, pages })}</p>
      {pages > 1 ? (
        <PageLinks
          page={page}
          pageCount={pages}
          hrefFor={hrefFor}
          labels={{ previous: t("admin:list.previous"), next: t("admin:list.next"), page: t("admin:list.page") }}
          currentClassName="dash-pagination__current"
        />
      ) : null}
    </nav>
  );
}
