import type { Selectable } from "kysely";
import type { DB } from "#db/schema.ts";
import type { AdvertFormValue } from "./form-schema.ts";
import { amountInputValue, parsePriceAmount } from "./price.ts";
import { kindHasPrice } from "./kinds.ts";

// The one list of the advert's owner-editable fields: its form key, its column, how the
// validated form's value is stored and how the stored value goes back into the form. Posting,
// editing (app/modules/adverts/form.server.ts, owner.server.ts) and the demo seed read it, so
// a new field is one line here besides its zod field, its input and where the page shows it.

type Row = Selectable<DB["advertisements"]>;
type FormKey = keyof AdvertFormValue;
/** What a new advert takes from its poster's profile. */
export type AdvertProfile = { name: string; email: string; phone: string | null };
/** A form field's default value (conform's defaultValue). */
type FormDefault = string | boolean;

type AdvertField<K extends FormKey, C extends keyof Row> = {
  key: K;
  column: C;
  /** A new advert's stored value, from its poster's profile (the form shows it prefilled). */
  initial?: (profile: AdvertProfile) => Row[C];
} & (AdvertFormValue[K] extends Row[C]
  ? { parse?: Parse<K, C> }
  : {
      /** The validated value as stored; `form` is the whole form, for a field that depends on another. */
      parse: Parse<K, C>;
    }) &
  (Row[C] extends FormDefault
    ? { format?: Format<C> }
    : {
        /** The stored value as the edit form shows it again. */
        format: Format<C>;
      });
type Parse<K extends FormKey, C extends keyof Row> = (value: AdvertFormValue[K], form: AdvertFormValue) => Row[C];
type Format<C extends keyof Row> = (value: Row[C]) => FormDefault;

const field = <K extends FormKey, C extends keyof Row>(spec: AdvertField<K, C>) => spec;
const orEmpty = (value: string | number | null) => (value === null ? "" : String(value));
const orNull = (value: string | undefined) => value || null;
/** A stated amount: a gift has none whatever the price block held. */
const amount = (form: AdvertFormValue) => kindHasPrice(form.kind) && form.priceKind === "amount";

const ADVERT_FIELDS = [
  field({ key: "kind", column: "kind", initial: () => "offer" }),
  field({ key: "title", column: "title" }),
  field({ key: "categoryId", column: "category_id", format: String }),
  field({ key: "locationId", column: "location_id", parse: (value) => value ?? null, format: orEmpty }),
  field({ key: "description", column: "description" }),
  field({
    key: "priceKind",
    column: "price_kind",
    parse: (value, form) => (kindHasPrice(form.kind) ? value : "free"),
    initial: () => "amount",
  }),
  field({
    key: "priceAmount",
    column: "price_amount",
    parse: (value, form) => {
      const parsed = amount(form) && value ? parsePriceAmount(value) : null;
      return parsed === null ? null : parsed.toFixed(2);
    },
    format: amountInputValue,
  }),
  field({
    key: "priceCurrency",
    column: "price_currency",
    parse: (value, form) => (amount(form) ? (value ?? null) : null),
    format: orEmpty,
  }),
  field({ key: "contactName", column: "contact_name", initial: (profile) => profile.name }),
  field({ key: "phone", column: "phone", parse: orNull, format: orEmpty, initial: (profile) => profile.phone }),
  field({ key: "email", column: "email", parse: orNull, format: orEmpty, initial: (profile) => profile.email }),
  field({ key: "showPhone", column: "show_phone", initial: (profile) => Boolean(profile.phone) }),
];

type Listed = (typeof ADVERT_FIELDS)[number];
type Column = Listed["column"];
/** The owner-editable columns, as stored. */
export type AdvertValues = Pick<Row, Column>;

/**
 * The list without its per-field types, for the loops below (each line is checked by `field`).
 * Methods, not function properties: TypeScript compares a method's parameters both ways, so
 * each field's narrower `parse`/`format` fits here, and the loops hand a field its own column's value.
 */
type LooseField = {
  key: FormKey;
  column: Column;
  parse?(value: unknown, form: AdvertFormValue): unknown;
  format?(value: unknown): FormDefault;
  initial?(profile: AdvertProfile): unknown;
};
const LOOSE: readonly LooseField[] = ADVERT_FIELDS;

/** The validated form as stored values. */
export function formToValues(form: AdvertFormValue): AdvertValues {
  const values: Record<string, unknown> = {};
  for (const spec of LOOSE) values[spec.column] = spec.parse ? spec.parse(form[spec.key], form) : form[spec.key];
  return values as AdvertValues;
}

/** A stored row's owner-editable values. */
export function rowToValues(row: AdvertValues): AdvertValues {
  const values: Record<string, unknown> = {};
  for (const spec of LOOSE) values[spec.column] = row[spec.column];
  return values as AdvertValues;
}

/** Stored values as the form's defaults. */
export function valuesToForm(values: Partial<AdvertValues>): Record<string, FormDefault> {
  const form: Record<string, FormDefault> = {};
  for (const spec of LOOSE) {
    const value = values[spec.column];
    if (value !== undefined) form[spec.key] = spec.format ? spec.format(value) : (value as FormDefault);
  }
  return form;
}

/** A new advert's values that come from its poster's profile (and the fields' own defaults). */
export function initialValues(profile: AdvertProfile): Partial<AdvertValues> {
  const values: Record<string, unknown> = {};
  for (const spec of LOOSE) if (spec.initial) values[spec.column] = spec.initial(profile);
  return values as Partial<AdvertValues>;
}
