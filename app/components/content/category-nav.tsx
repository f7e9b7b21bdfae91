import { useEffect, useRef } from "react";
import { LocalizedNavLink } from "#app/components/localized-link.tsx";
import type { CategoryLink } from "#app/modules/taxonomy/public-terms.server.ts";
import { Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

/** Links to every category of a section, the current one marked. `base` is "/novyny", "/poster", "/services". */
export function CategoryNav({ base, categories }: { base: string; categories: CategoryLink[] }) {
  const { t } = useContentT();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls sideways: bring the current category into view.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>("a.active");
    if (row && current && row.scrollWidth > row.clientWidth)
      row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - 16;
  }, [categories]);
  if (categories.length === 0) return null;
  return (
    <nav className="category-nav" aria-label={t("categories.label")}>
      <ul ref={list}>
        <li>
          <LocalizedNavLink to={base} end>
            {t("categories.all")}
          </LocalizedNavLink>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <LocalizedNavLink to={`${base}/category/${category.slug}`}>
              <Localized text={category.name} />
            </LocalizedNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
