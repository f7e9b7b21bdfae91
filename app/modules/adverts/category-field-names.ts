import type { FormField, FormFieldSet } from "./category-field-store.server.ts";

// What the advert form's page needs of the category fields' rules without the rules themselves
// (category-field-values.ts loads with the form's checks, after the first load).

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
