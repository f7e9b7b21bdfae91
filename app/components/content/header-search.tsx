import { Search } from "lucide-react";
import { Form, useLocation } from "react-router";
import { localizePath, stripLocale } from "#app/i18n/locales.ts";
import { dynamicKey } from "#app/i18n/translate.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { publicSections } from "#app/modules/staff-content/public-sections.ts";
import { useContentT } from "./use-content-t.ts";

/**
 * The section a path belongs to decides where the header search looks: a type with `search`
 * in the registry (by its segment); elsewhere the first of them (news). The registry, not the
 * search module: the header is on every page.
 */
export function searchCategoryFor(pathname: string): string {
  const [, first = "", second] = stripLocale(pathname).split("/");
  const searched = publicSections()
    .filter((section) => section.search)
    .map((section) => section.segment);
  if (first === "search") return second || searched[0]!;
  return searched.includes(first) ? first : searched[0]!;
}

/** A plain GET form (works without JS) to /search/{category}?q=. */
export function HeaderSearch() {
  const { t } = useContentT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const category = searchCategoryFor(pathname);
  return (
    <Form
      method="get"
      action={localizePath(`/search/${category}`, locale)}
      className="search-form"
      role="search"
      aria-label={t("search.site_search")}
    >
      <label htmlFor="header-search" className="visually-hidden">
        {t("search.label", { category: t(`search.categories.${category}`, dynamicKey(`search.categories.${category}`)) })}
      </label>
      <input id="header-search" type="search" name="q" placeholder={t("search.placeholder")} maxLength={100} />
      <button type="submit" className="icon-button" aria-label={t("search.submit")}>
        <Search aria-hidden="true" size={20} />
      </button>
    </Form>
  );
}
