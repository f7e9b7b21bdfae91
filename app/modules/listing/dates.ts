import type { Language } from "~/i18n/locales";

/**
 * Times are stored in UTC and shown in the site's time zone. The portal has no per-user zone;
 * the seeded community lives mostly in Central Europe. Formatting happens in loaders, so the
 * server and the browser never disagree during hydration.
 */
export const SITE_TIME_ZONE = "Europe/Warsaw";

const BCP47: Record<Language, string> = { uk: "uk-UA", en: "en-US" };

function formatter(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(BCP47[language], { timeZone: SITE_TIME_ZONE, ...options });
}

const cache = new Map<string, Intl.DateTimeFormat>();
function cached(language: Language, kind: "date" | "time" | "weekday" | "long"): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let format = cache.get(key);
  if (!format) {
    format =
      kind === "date"
        ? formatter(language, { day: "2-digit", month: "2-digit", year: "2-digit" })
        : kind === "time"
          ? formatter(language, { hour: "numeric", minute: "2-digit" })
          : kind === "weekday"
            ? formatter(language, { weekday: "short" })
            : formatter(language, { day: "numeric", month: "long", year: "numeric" });
    cache.set(key, format);
  }
  return format;
}

/** DESIGN: uk `dd.mm.yy`, en `mm/dd/yy`. */
export function formatDate(date: Date, language: Language): string {
  return cached(language, "date").format(date);
}

export function formatTime(date: Date, language: Language): string {
  return cached(language, "time").format(date);
}

/** "12 листопада 2026 р." / "November 12, 2026": for headings where a full date reads better. */
export function formatLongDate(date: Date, language: Language): string {
  return cached(language, "long").format(date);
}

/** "сб, 05.12.26, 19:00" / "Sat, 12/05/26, 7:00 PM". */
export function formatEventStart(date: Date, language: Language): string {
  return `${cached(language, "weekday").format(date)}, ${formatDate(date, language)}, ${formatTime(date, language)}`;
}

/** The day (yyyy-mm-dd) of `date` in the site's zone, to tell whether two times fall on one day. */
export function siteDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

export type DisplayDate = { iso: string; text: string };

export function displayDate(date: Date, language: Language): DisplayDate {
  return { iso: date.toISOString(), text: formatDate(date, language) };
}
