import { Field, inputProps, selectProps } from "#app/components/forms/field.tsx";
import { formStates } from "#app/components/forms/use-server-checked-form.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { langAttr } from "#app/platform/format/localized.ts";
import {
  chosenFields,
  FIELD_TEXT_MAX,
  fieldInputName,
  type FormField,
  type FormFieldSet,
} from "#app/modules/adverts/category-field-names.ts";
import { isPriceField } from "#app/modules/adverts/field-price.ts";
import { groupRanges, rangeLabel } from "#app/modules/adverts/field-ranges.ts";

/** The translations the category fields use (`fields` namespace). */
function useFieldsT() {
  return useTranslation(["fields", "common"], { lng: usePageLanguage() });
}

/** A field's label with its unit: "Rent, zł / month". */
function fieldLabel(t: ReturnType<typeof useFieldsT>["t"], field: Pick<FormField, "label" | "unit">): string {
  return field.unit ? t("form.with_unit", { label: field.label.text, unit: field.unit }) : field.label.text;
}

/** What the advert form hands over, as strings so the deferred part keeps the server's HTML until it loads. */
export type CategoryFieldsProps = {
  fieldSet: FormFieldSet;
  categoryId: string;
  /** The fields' messages and typed values (`{ "fields.<key>": … }`), as JSON. */
  errors: string;
  initial: string;
};

/**
 * The chosen category's own fields in the advert form: numbers as decimal text, lists and
 * yes/no as selects (an empty first choice, so "not said" stays possible), dates as date inputs.
 */
export default function CategoryFieldsInput({ fieldSet, categoryId, errors, initial }: CategoryFieldsProps) {
  const { t } = useFieldsT();
  const language = usePageLanguage();
  const fields = chosenFields(fieldSet, categoryId);
  if (!fields.length) return null;
  const { fields: state } = formStates(
    "advert",
    {},
    JSON.parse(errors) as Record<string, string[]>,
    JSON.parse(initial) as Record<string, unknown>,
  );
  const yesNo = (["yes", "no"] as const).map((value) => ({ value, label: { text: t(`form.${value}`), lang: language } }));
  const input = (field: FormField, label: string) => {
    const control = state[fieldInputName(field.key)]!;
    const initial = control.initialValue;
    const defaultValue = typeof initial === "string" ? initial : undefined;
    return (
      <Field key={field.id} field={control} label={label} required={field.required}>
        {(aria) =>
          field.kind === "select" || field.kind === "boolean" ? (
            <select {...selectProps(control, { placeholder: true })} {...aria} defaultValue={defaultValue ?? ""}>
              <option value="">{t("form.empty")}</option>
              {(field.kind === "boolean" ? yesNo : field.options).map((option) => (
                <option key={option.value} value={option.value} lang={langAttr(option.label, language)}>
                  {option.label.text}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...inputProps(control, { type: "text" })}
              {...aria}
              data-price-field={isPriceField(field) || undefined}
              type={field.kind === "date" ? "date" : "text"}
              defaultValue={defaultValue}
              inputMode={field.kind === "number" ? "decimal" : undefined}
              maxLength={field.kind === "text" ? FIELD_TEXT_MAX : undefined}
              autoComplete="off"
            />
          )
        }
      </Field>
    );
  };
  return (
    <fieldset className="advert-form__group">
      <legend>{t("form.heading")}</legend>
      {groupRanges(fields).map((group) => {
        if (!("range" in group)) return input(group.field, fieldLabel(t, group.field));
        // "Salary, per month: from [ ] to [ ]", one pair for the two fields.
        const { base, from, to } = group.range;
        const name = rangeLabel(from.label.text, to.label.text);
        return (
          <fieldset key={base} className="field-range" data-range={base}>
            <legend lang={langAttr(from.label, language)}>
              {fieldLabel(t, { label: { ...from.label, text: name }, unit: from.unit })}
            </legend>
            <div className="field-range__pair">
              {input(from, t("form.range_from"))}
              {input(to, t("form.range_to"))}
            </div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}
