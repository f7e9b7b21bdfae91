import type { AdvertFieldFilterParams } from "#db/schema.ts";
import { FilterSelect } from "#app/components/filter-select.tsx";
import type { FilterFieldView } from "#app/modules/adverts/field-filters.server.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/** The two ends of a range filter, in the order the inputs stand. */
const BOUNDS = ["min", "max"] as const;

/**
 * The category's own fields in the list's filter form: a from–to pair for numbers and dates,
 * a select for a choice, a checkbox for yes/no. Names follow category-field-filters.ts.
 */
export function FieldFilterInputs({ fields, values }: { fields: FilterFieldView[]; values: AdvertFieldFilterParams }) {
  const { t } = useAdvertsT();
  return fields.map((field) => {
    const value = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    const id = `filter-f-${field.key}`;
    const label = field.unit ? `${field.label}, ${field.unit}` : field.label;
    if (field.kind === "select") {
      return (
        <FilterSelect
          key={field.key}
          className="advert-filters__field"
          id={id}
          name={`f.${field.key}`}
          label={label}
          anyLabel={t("field_filters.any")}
          defaultValue={value?.is ?? ""}
          options={field.options}
        />
      );
    }
    if (field.kind === "boolean") {
      return (
        <label key={field.key} className="advert-filters__check advert-filters__field--check">
          <input type="checkbox" name={`f.${field.key}`} value="1" defaultChecked={value?.is === "1"} />
          {field.label}
        </label>
      );
    }
    const type = field.kind === "date" ? "date" : "text";
    const inputMode = field.kind === "number" ? "decimal" : undefined;
    return (
      <fieldset key={field.key} className="advert-filters__field advert-filters__range">
        <legend>{label}</legend>
        <div className="advert-filters__pair">
          {BOUNDS.map((bound) => (
            <input
              key={bound}
              id={`${id}-${bound}`}
              name={`f.${field.key}.${bound}`}
              type={type}
              inputMode={inputMode}
              autoComplete="off"
              placeholder={t(bound === "min" ? "field_filters.from" : "field_filters.to")}
              aria-label={t(bound === "min" ? "field_filters.range_from" : "field_filters.range_to", { label: field.label })}
              defaultValue={value?.[bound] ?? ""}
            />
          ))}
        </div>
      </fieldset>
    );
  });
}
