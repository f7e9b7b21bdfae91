import type { Language } from "#app/i18n/locales.ts";
import type { AdvertFieldFilterParams, AdvertFieldKind } from "#db/schema.ts";
import { categoryFields, type CategoryField } from "./category-fields.server.ts";
import { groupRanges, rangeLabel } from "./field-ranges.ts";
import { hasFieldPrice } from "./field-price.ts";
import { resolveFieldFilters, type FieldFilter } from "./category-field-filters.ts";

// A category list's field filters: which of its fields the filter form offers, in the page's
// language, and which filters of the URL (or a saved search) they accept.

/** A field as the filter form shows it (text fields are not offered). */
export type FilterFieldView = {
  key: string;
  kind: Exclude<AdvertFieldKind, "text">;
  label: string;
  unit: string | null;
  options: { value: string; label: string }[];
};

export type CategoryFieldFilters = {
  views: FilterFieldView[];
  filters: FieldFilter[];
  applied: AdvertFieldFilterParams;
  /** The category's fields state its adverts' price (field-price.ts): their filter is the price's. */
  priceInFields: boolean;
};

const NONE: CategoryFieldFilters = { views: [], filters: [], applied: {}, priceInFields: false };

/** The filters `params` ask of the category's live fields; none without a category. */
export async function categoryFieldFilters(
  categoryId: number | null,
  params: AdvertFieldFilterParams,
  language: Language,
): Promise<CategoryFieldFilters> {
  if (categoryId === null) return NONE;
  const fields = await categoryFields(categoryId);
  const { filters, applied } = resolveFieldFilters(fields, params);
  const en = language === "en";
  const label = (field: CategoryField) => (en ? field.label_en : null) ?? field.label_uk;
  const view = (field: CategoryField): FilterFieldView => ({
    key: field.key,
    kind: field.kind as FilterFieldView["kind"],
    label: label(field),
    unit: (en ? field.unit_en : field.unit_uk) ?? null,
    options: field.options.map((option) => ({ value: option.value, label: (en ? option.label_en : null) ?? option.label_uk })),
  });
  // A range pair is one from–to pair named for both its fields ("Salary"), under the range's key.
  const views = groupRanges(fields).flatMap((group): FilterFieldView[] =>
    "range" in group
      ? [{ ...view(group.range.from), key: group.range.base, label: rangeLabel(label(group.range.from), label(group.range.to)) }]
      : group.field.kind === "text"
        ? []
        : [view(group.field)],
  );
  return { views, filters, applied, priceInFields: hasFieldPrice(fields) };
}
