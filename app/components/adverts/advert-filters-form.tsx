import { SlidersHorizontal } from "lucide-react";
import type { ComponentProps } from "react";
import { Form } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale, usePageLanguage } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { ADVERT_SORTS, type AdvertListQuery } from "#app/modules/adverts/list-query.ts";
import { CURRENCIES } from "#app/modules/adverts/price.ts";
import { ADVERT_KINDS } from "#app/modules/adverts/kinds.ts";
import { FilterSelect, termOption } from "#app/components/filter-select.tsx";
import { NearFields } from "#app/components/near-fields.tsx";
import type { CategoryLink, LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { FilterFieldView } from "#app/modules/adverts/field-filters.server.ts";
import { FieldFilterInputs } from "./field-filter-inputs.tsx";
import { useAdvertsT } from "./use-adverts-t.ts";

/** The price range's two inputs: the URL's parameter, the label's key, the query's value. */
const PRICE_BOUNDS = [
  { name: "min", label: "filters.price_from", value: "minPrice" },
  { name: "max", label: "filters.price_to", value: "maxPrice" },
] as const;

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
  fields,
  priceInFields,
  open,
}: {
  query: AdvertListQuery;
  /** The category's own fields state the price (a salary, a rent): no second price range. */
  priceInFields: boolean;
  /** Shown open on a phone: the address carries the form's choices (see page.server.ts). */
  open: boolean;
  fields: FilterFieldView[];
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
}) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const language = usePageLanguage();
  // A new key per applied query resets the uncontrolled fields after a client navigation.
  const formKey = JSON.stringify([query, category?.slug]);
  const categoryOptions = categories.map((option) => termOption(option, language));
  const currencyOptions = CURRENCIES.map((code) => ({ value: code, label: code }));
  const kindOptions = ADVERT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }));
  const sortOptions = ADVERT_SORTS.map((sort) => ({ value: sort, label: t(`filters.sort_${sort}`) }));
  const active =
    [category, query.kind, query.near, query.minPrice, query.maxPrice, query.currency, query.withPhotos || null].filter(
      (value) => value !== null,
    ).length + Object.keys(query.fields).length;
  // Phones see a "Filters (n)" disclosure: closed on a plain list, so the adverts come first;
  // open on the form's results, so a submit without JS (a full page load) keeps the form and
  // the category's fields it just brought in view. Wide screens always show the form: CSS
  // lays the details' content out whether it is open or not.
  return (
    <details className="advert-filters-box" key={formKey} open={open}>
      <summary className="button button--secondary advert-filters-box__toggle">
        <SlidersHorizontal aria-hidden="true" size={18} />
        {active ? t("filters.summary_count", { count: active }) : t("filters.summary")}
      </summary>
      <Form
        method="get"
        action={localizePath("/advertisement", locale)}
        className="advert-filters"
        role="search"
        aria-label={t("filters.label")}
      >
        <div className="advert-filters__grid">
          <FilterField
            name="category"
            label={t("filters.category")}
            anyLabel={t("filters.all_categories")}
            defaultValue={category?.slug ?? ""}
            options={categoryOptions}
          />
          <FilterField
            name="kind"
            label={t("filters.kind")}
            anyLabel={t("filters.all_kinds")}
            defaultValue={query.kind ?? ""}
            options={kindOptions}
          />
          {locations.length ? (
            <NearFields idPrefix="filter" locations={locations} near={query.near} radius={query.radius} className="advert-filters__field" />
          ) : null}
          {(priceInFields ? [] : PRICE_BOUNDS).map(({ name, label, value }) => (
            <div key={name} className="advert-filters__field advert-filters__field--narrow">
              <label htmlFor={`filter-${name}`}>{t(label)}</label>
              <input
                id={`filter-${name}`}
                name={name}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={query[value] ?? ""}
                aria-describedby="filter-price-hint"
              />
            </div>
          ))}
          <FilterField
            narrow
            name="currency"
            label={t("filters.currency")}
            anyLabel={t("filters.any_currency")}
            defaultValue={query.currency ?? ""}
            options={currencyOptions}
          />
          <FieldFilterInputs fields={fields} values={query.fields} />
          <FilterField name="sort" label={t("filters.sort")} defaultValue={query.sort} options={sortOptions} />
        </div>
        {priceInFields ? null : (
          <p id="filter-price-hint" className="field__hint">
            {t("filters.price_hint")}
          </p>
        )}
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

/** One of the form's selects: a cell of its grid (`narrow` for the short ones), its id from its name. */
function FilterField({ narrow = false, ...select }: Omit<ComponentProps<typeof FilterSelect>, "id" | "className"> & { narrow?: boolean }) {
  return (
    <FilterSelect
      className={narrow ? "advert-filters__field advert-filters__field--narrow" : "advert-filters__field"}
      id={`filter-${select.name}`}
      {...select}
    />
  );
}
