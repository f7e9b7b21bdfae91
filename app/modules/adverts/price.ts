import type { Language } from "#app/i18n/locales.ts";
import { CURRENCIES, PRICE_KINDS, type Currency } from "#db/schema.ts";
import { formatPrice } from "#app/platform/format/intl.ts";

// Prices: numeric(12,2) in the database, typed by people in either locale's habit
// ("1 250,50", "1,250.50", "1250"). Pure: used by the form schema (browser) and loaders.

export { CURRENCIES, PRICE_KINDS, type Currency };

/** numeric(12, 2) holds at most this. */
const MAX_PRICE = 9_999_999_999.99;

/**
 * The amount someone typed, or null when it is not a plain non-negative amount.
 * Spaces (also no-break ones) and apostrophes group thousands; "1250", "1250,5", "1250.50",
 * "1,250", "1.250.000", "1,250.50" and "1.250,50" are read as people mean them.
 */
export function parsePriceAmount(input: string): number | null {
  const text = input.replace(/[\s\u00a0\u202f']/g, "");
  let whole: string;
  let fraction = "0";
  let match: RegExpMatchArray | null;
  if (/^\d+$/.test(text)) {
    whole = text;
  } else if ((match = text.match(/^(\d+)[.,](\d{1,2})$/))) {
    [, whole, fraction] = match as [string, string, string];
  } else if ((match = text.match(/^(\d{1,3}(?:([.,])\d{3})+)$/))) {
    whole = match[1]!.replace(/[.,]/g, "");
  } else if ((match = text.match(/^(\d{1,3}(?:([.,])\d{3})+)([.,])(\d{1,2})$/)) && match[2] !== match[3]) {
    whole = match[1]!.replace(/[.,]/g, "");
    fraction = match[4]!;
  } else {
    return null;
  }
  const value = Number(`${whole}.${fraction}`);
  return Number.isFinite(value) && value <= MAX_PRICE ? Math.round(value * 100) / 100 : null;
}

/** "2 800 zł" / "€1,250.50": whole amounts without decimals (app/platform/format/intl.ts). */
export function formatAmount(amount: number | string, currency: Currency, language: Language): string {
  return formatPrice(amount, currency, language);
}

/** An amount as the edit form shows it again: "1250" or "1250.50". */
export function amountInputValue(amount: string | null): string {
  if (amount === null) return "";
  const value = Number(amount);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}
