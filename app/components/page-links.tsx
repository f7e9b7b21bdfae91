import { AppLink } from "./localized-link.tsx";

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

/**
 * The list of page links of the public lists and the dashboard's: previous, a window of page
 * numbers with gaps, next. `numberLabel` labels a number link (else it reads "page N" through
 * a hidden word); `keepEnds` keeps the previous/next items, empty, on the first and last page.
 */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
  labels,
  currentClassName,
  numberLabel,
  keepEnds = false,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  labels: { previous: string; next: string; page: string };
  currentClassName: string;
  numberLabel?: (page: number) => string;
  keepEnds?: boolean;
}) {
  const hiddenWord = <span className="visually-hidden">{labels.page} </span>;
  const end = (show: boolean, to: number, rel: "prev" | "next", label: string) => {
    const link = show ? (
      <AppLink to={hrefFor(to)} rel={rel}>
        {label}
      </AppLink>
    ) : null;
    return link || keepEnds ? <li>{link}</li> : null;
  };
  return (
    <ul>
      {end(page > 1, page - 1, "prev", labels.previous)}
      {pageWindow(page, pageCount).map((item, index) =>
        item === "gap" ? (
          <li key={`gap-${index}`} aria-hidden="true">
            …
          </li>
        ) : (
          <li key={item}>
            {item === page ? (
              <span aria-current="page" className={currentClassName}>
                {hiddenWord}
                {item}
              </span>
            ) : (
              <AppLink to={hrefFor(item)} aria-label={numberLabel?.(item)}>
                {numberLabel ? null : hiddenWord}
                {item}
              </AppLink>
            )}
          </li>
        ),
      )}
      {end(page < pageCount, page + 1, "next", labels.next)}
    </ul>
  );
}
