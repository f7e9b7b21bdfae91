import type { AdvertFieldKind, Currency } from "#db/schema.ts";
import type { Language } from "#app/i18n/locales.ts";
import { numberFormat } from "#app/platform/format/intl.ts";
import type { StoredFieldValue } from "./category-field-values.ts";

// A category can state its adverts' price in its own fields ("Rent, per month", "Salary from /
// to, per month"): staff mark such a field by its key (a number field keyed as below), and its
// unit names the period, not the money. Such a category's form asks no generic amount, only the
// currency: the field is the price, shown once ("5 200–6 000 zł per month") on cards and the
// advert page, and the advert's price columns (which the list sorts and filters by) are derived
// from it. Pure: the form (browser) and the server use it.

/** Number fields with these keys state the price; a range is `salary_from` with `salary_to`. */
export const PRICE_FIELD_KEYS: readonly string[] = ["price", "rent", "salary", "salary_from", "salary_to"];

export function isPriceField(field: { key: string; kind: AdvertFieldKind }): boolean {
  return field.kind === "number" && PRICE_FIELD_KEYS.includes(field.key);
}

/** Whether a category's fields carry its price (its form then asks no generic price). */
export function hasFieldPrice(fields: ReadonlyArray<{ key: string; kind: AdvertFieldKind }>): boolean {
  return fields.some(isPriceField);
}

/** One price field's value on an advert, in the category's field order. */
export type FieldPriceValue = { value: string; unit_uk: string | null; unit_en: string | null };

/**
 * The advert's price from its price fields in `currency`: "5 200–6 000 zł на місяць" for a
 * range, "3 200 zł на місяць" for one value (the first field's unit after it); null when none
 * has a value or the advert names no currency.
 */
export function fieldPriceText(values: readonly FieldPriceValue[], currency: Currency | null, language: Language): string | null {
  const first = values[0];
  if (!first || !currency) return null;
  const numbers = values.map((entry) => Number(entry.value));
  const last = numbers[numbers.length - 1]!;
  const amount =
    numbers.length > 1 && numbers[0] !== last
      ? priceFormat(currency, language).formatRange(numbers[0]!, last)
      : priceFormat(currency, language).format(numbers[0]!);
  const unit = language === "en" ? first.unit_en || first.unit_uk : first.unit_uk || first.unit_en;
  return unit ? `${amount} ${unit}` : amount;
}

/** formatPrice's whole-amount format (platform/format/intl.ts, the same cache entry), for its formatRange. */
function priceFormat(currency: Currency, language: Language): Intl.NumberFormat {
  return numberFormat(language, `price:${currency}:0`, {
    style: "currency",
    currency,
    currencyDisplay: currency === "CAD" ? "symbol" : "narrowSymbol",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
}

/**
 * The advert's price columns for a category that states its price in a field: the first value
 * (a range's lower end) in the chosen currency, or "negotiable" when no price field has one.
 */
export function fieldPriceColumns(values: readonly string[], currency: Currency | undefined) {
  const first = values[0];
  return first === undefined || !currency
    ? { price_kind: "negotiable" as const, price_amount: null, price_currency: null }
    : { price_kind: "amount" as const, price_amount: Number(first).toFixed(2), price_currency: currency };
}

/** The numbers the advert's price fields hold, in the fields' order. */
export function priceFieldNumbers(
  fields: ReadonlyArray<{ id: number; key: string; kind: AdvertFieldKind }>,
  values: ReadonlyMap<number, StoredFieldValue | null>,
): string[] {
  return fields.filter(isPriceField).flatMap((field) => {
    const value = values.get(field.id);
    return value?.kind === "number" ? [value.value] : [];
  });
}
