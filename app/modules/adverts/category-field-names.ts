import type { AdvertFieldKind } from "#db/schema.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";

// What the advert form's page needs of the category fields' rules without the rules themselves
// (category-field-values.ts loads with the form's checks, after the first load).

/** A field as the advert form shows and checks it, in the page's language. */
export type FormField = {
  id: number;
  key: string;
  kind: AdvertFieldKind;
  required: boolean;
  label: LocalizedText;
  unit: string | null;
  options: Array<{ value: string; label: LocalizedText }>;
};

/** Every live field once, and each advert category's list of them (ancestors' first): the form switches lists as the category changes. */
export type FormFieldSet = { fields: FormField[]; byCategory: Record<number, number[]> };

/** The longest short-text value. */
export const FIELD_TEXT_MAX = 200;

/** The form's name of a field's input: conform reads `fields.<key>` into `fields: { key }`. */
export function fieldInputName(key: string): string {
  return `fields.${key}`;
}

/** The fields of `categoryId` (ancestors' first) out of the form's list of every category's. */
export function chosenFields(fieldSet: FormFieldSet, categoryId: string): FormField[] {
  return (fieldSet.byCategory[Number(categoryId)] ?? []).flatMap((id) => fieldSet.fields.find((field) => field.id === id) ?? []);
}
