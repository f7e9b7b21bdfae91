import { SlidersHorizontal } from "lucide-react";
import { Form } from "react-router";
import { LocalizedLink } from "~/components/localized-link";
import { useLocale, usePageLanguage } from "~/hooks/use-t";
import { localizePath } from "~/i18n/locales";
import { ADVERT_SORTS, type AdvertListQuery } from "~/modules/adverts/list-query";
import { CURRENCIES } from "~/modules/adverts/price";
import { langAttr } from "~/modules/content/localized";
import type { CategoryLink, LocationOption } from "~/modules/listing/taxonomy.server";
import { useAdvertsT } from "./use-adverts-t";

/**
 * The list's filters and sort: a GET form, so every choice lives in the URL and works
 * without JS. It always submits to /advertisement; a chosen category is redirected to its
 * own address there. Loaded through advert-filters.tsx.
 */
export default function AdvertFiltersForm({
  query,
  category,
  categories,
  locations,
}: {
  query: AdvertListQuery;
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
}) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const language = usePageLanguage();
  // A new key per applied query resets the uncontrolled fields after a client navigation.
  const formKey = JSON.stringify([query, category?.slug]);
  const active = [category, query.location, query.minPrice, query.maxPrice, query.currency, query.withPhotos || null].filter((value) => value !== null).length;
  // Phones see a "Filters (n)" disclosure (closed, so the adverts come first); wide screens
  // always show the form: CSS lays the details' content out whether it is open or not.
  return (
    <details className="advert-filters-box" key={formKey}>
      <summary className="button button--secondary advert-filters-box__toggle">
        <SlidersHorizontal aria-hidden="true" size={18} />
        {active ? t("filters.summary_count", { count: active }) : t("filters.summary")}
      </summary>
    <Form method="get" action={localizePath("/advertisement", locale)} className="advert-filters" role="search" aria-label={t("filters.label")}>
      <div className="advert-filters__grid">
        <div className="advert-filters__field">
          <label htmlFor="filter-category">{t("filters.category")}</label>
          <select id="filter-category" name="category" defaultValue={category?.slug ?? ""}>
            <option value="">{t("filters.all_categories")}</option>
            {categories.map((option) => (
              <option key={option.slug} value={option.slug} lang={langAttr(option.name, language)}>
                {option.name.text}
              </option>
            ))}
          </select>
        </div>
        {locations.length ? (
          <div className="advert-filters__field">
            <label htmlFor="filter-location">{t("filters.location")}</label>
            <select id="filter-location" name="location" defaultValue={query.location ?? ""}>
              <option value="">{t("filters.all_locations")}</option>
              {locations.map((option) => (
                <option key={option.slug} value={option.slug} lang={langAttr(option.name, language)}>
                  {option.name.text}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="advert-filters__field advert-filters__field--narrow">
          <label htmlFor="filter-min">{t("filters.price_from")}</label>
          <input id="filter-min" name="min" inputMode="decimal" autoComplete="off" defaultValue={query.minPrice ?? ""} aria-describedby="filter-price-hint" />
        </div>
        <div className="advert-filters__field advert-filters__field--narrow">
          <label htmlFor="filter-max">{t("filters.price_to")}</label>
          <input id="filter-max" name="max" inputMode="decimal" autoComplete="off" defaultValue={query.maxPrice ?? ""} aria-describedby="filter-price-hint" />
        </div>
        <div className="advert-filters__field advert-filters__field--narrow">
          <label htmlFor="filter-currency">{t("filters.currency")}</label>
          <select id="filter-currency" name="currency" defaultValue={query.currency ?? ""}>
            <option value="">{t("filters.any_currency")}</option>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="advert-filters__field">
          <label htmlFor="filter-sort">{t("filters.sort")}</label>
          <select id="filter-sort" name="sort" defaultValue={query.sort}>
            {ADVERT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`filters.sort_${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="filter-price-hint" className="field__hint">
        {t("filters.price_hint")}
      </p>
      <div className="advert-filters__actions">
        <label className="advert-filters__check">
          <input type="checkbox" name="photos" value="1" defaultChecked={query.withPhotos} />
          {t("filters.with_photos")}
        </label>
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>
        <LocalizedLink to={category ? `/advertisement/category/${category.slug}` : "/advertisement"} className="button button--secondary">
          {t("filters.reset")}
        </LocalizedLink>
      </div>
    </Form>
    </details>
  );
}
