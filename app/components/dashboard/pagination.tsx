import { Link } from "react-router";
import { useAdminT } from "./use-admin-t";

/** Page links of a dashboard list (plain links: the page number is part of the URL). */
export function Pagination({ page: wanted, pages, total, hrefFor }: { page: number; pages: number; total: number; hrefFor: (page: number) => string }) {
  const { t } = useAdminT();
  const page = Math.min(wanted, pages);
  const numbers = pageNumbers(page, pages);
  return (
    <nav className="dash-pagination" aria-label={t("admin:list.pagination")}>
      <p className="dash-pagination__summary">{t("admin:list.total", { count: total, page, pages })}</p>
      {pages > 1 ? (
        <ul>
          {page > 1 ? (
            <li>
              <Link to={hrefFor(page - 1)} rel="prev">
                {t("admin:list.previous")}
              </Link>
            </li>
          ) : null}
          {numbers.map((number, index) =>
            number === null ? (
              <li key={`gap-${index}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={number}>
                {number === page ? (
                  <span aria-current="page" className="dash-pagination__current">
                    <span className="visually-hidden">{t("admin:list.page")} </span>
                    {number}
                  </span>
                ) : (
                  <Link to={hrefFor(number)}>
                    <span className="visually-hidden">{t("admin:list.page")} </span>
                    {number}
                  </Link>
                )}
              </li>
            ),
          )}
          {page < pages ? (
            <li>
              <Link to={hrefFor(page + 1)} rel="next">
                {t("admin:list.next")}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20 */
function pageNumbers(page: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const number of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && number - last > 1) out.push(null);
    out.push(number);
  }
  return out;
}
