import type { RouterContextProvider } from "react-router";
import type { Language } from "#app/i18n/locales.ts";
import type { AdvertFieldFilterParams, AdvertFieldKind } from "#db/schema.ts";
import { categoryFields } from "./category-fields.server.ts";
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

export type CategoryFieldFilters = { views: FilterFieldView[]; filters: FieldFilter[]; applied: AdvertFieldFilterParams };

const NONE: CategoryFieldFilters = { views: [], filters: [], applied: {} };

/** The filters `params` ask of the category's live fields; none without a category. */
export async function categoryFieldFilters(
  categoryId: number | null,
  params: AdvertFieldFilterParams,
  language: Language,
  context?: Readonly<RouterContextProvider>,
): Promise<CategoryFieldFilters> {
  if (categoryId === null) return NONE;
  const fields = await categoryFields(categoryId, { context });
  const { filters, applied } = resolveFieldFilters(fields, params);
  const en = language === "en";
  const views = fields.flatMap((field): FilterFieldView[] =>
    field.kind === "text"
      ? []
      : [
          {
            key: field.key,
            kind: field.kind,
            label: (en ? field.label_en : null) ?? field.label_uk,
            unit: (en ? field.unit_en : field.unit_uk) ?? null,
            options: field.options.map((option) => ({ value: option.value, label: (en ? option.label_en : null) ?? option.label_uk })),
          },
        ],
  );
  return { views, filters, applied };
}
