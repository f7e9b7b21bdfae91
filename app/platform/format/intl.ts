import type { Language } from "#app/i18n/locales.ts";

// Every number, price and date the portal shows goes through Intl here, in the page's
// language. Formatters are costly to build (tens of microseconds each, locale data lookups):
// each one is made once per language and options, then reused by every request.

const BCP47: Record<Language, string> = { uk: "uk-UA", en: "en-US" };

/**
 * Times are stored in UTC and shown in the site's time zone. The portal has no per-user zone;
 * the seeded community lives mostly in Central Europe.
 */
export const SITE_TIME_ZONE = "Europe/Warsaw";

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The cached NumberFormat of `language` named `key` (one key, one set of options). */
export function numberFormat(language: Language, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}:${key}`;
  let format = numberFormats.get(id);
  if (!format) numberFormats.set(id, (format = new Intl.NumberFormat(BCP47[language], options)));
  return format;
}

/** The cached DateTimeFormat of `language` named `key`, in the site's zone unless `options` names another. */
export function dateTimeFormat(language: Language | "en-CA", key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${language}:${key}`;
  let format = dateFormats.get(id);
  if (!format) {
    const locale = language === "en-CA" ? language : BCP47[language];
    dateFormats.set(id, (format = new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options })));
  }
  return format;
}

/**
 * A price with its currency as the locale writes it: "150 ₴", "3 200 £" (uk), "€30", "£3,200"
 * (en). Narrow symbols read best, except for the Canadian dollar, whose narrow "$" would pass
 * for the US one. Whole amounts without decimals.
 */
export function formatPrice(amount: number | string, currency: string, language: Language): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const whole = Number.isInteger(value);
  const display = currency === "CAD" ? "symbol" : "narrowSymbol";
  return numberFormat(language, `price:${currency}:${whole ? 0 : 2}`, {
    style: "currency",
    currency,
    currencyDisplay: display,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}
