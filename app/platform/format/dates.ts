import type { Language } from "#app/i18n/locales.ts";
import { dateTimeFormat } from "./intl.ts";

// Dates in the page's language, formatted in loaders so server and browser never disagree
// during hydration. The formatters live (cached) in app/platform/format/intl.ts.

const OPTIONS: Record<"date" | "dayMonth" | "time" | "weekday" | "long" | "monthYear", Intl.DateTimeFormatOptions> = {
  date: { day: "2-digit", month: "2-digit", year: "2-digit" },
  dayMonth: { day: "2-digit", month: "2-digit" },
  time: { hour: "numeric", minute: "2-digit" },
  weekday: { weekday: "short" },
  long: { day: "numeric", month: "long", year: "numeric" },
  monthYear: { month: "long", year: "numeric" },
};

function cached(language: Language, kind: keyof typeof OPTIONS): Intl.DateTimeFormat {
  return dateTimeFormat(language, kind, OPTIONS[kind]);
}

/** uk `dd.mm.yy`, en `mm/dd/yy` (docs/product.md#languages). */
export function formatDate(date: Date, language: Language): string {
  return cached(language, "date").format(date);
}

/** uk `dd.mm`, en `mm/dd`: the end of an event running over days ("до 13.01"). */
export function formatDayMonth(date: Date, language: Language): string {
  return cached(language, "dayMonth").format(date);
}

export function formatTime(date: Date, language: Language): string {
  return cached(language, "time").format(date);
}

/** "12 листопада 2026 р." / "November 12, 2026": for headings where a full date reads better. */
export function formatLongDate(date: Date, language: Language): string {
  return cached(language, "long").format(date);
}

/** "листопад 2026 р." / "November 2026": since when someone is a member. */
export function formatMonthYear(date: Date, language: Language): string {
  return cached(language, "monthYear").format(date);
}

/** "сб, 05.12.26, 19:00" / "Sat, 12/05/26, 7:00 PM". */
export function formatEventStart(date: Date, language: Language): string {
  return `${cached(language, "weekday").format(date)}, ${formatDate(date, language)}, ${formatTime(date, language)}`;
}

/** The day (yyyy-mm-dd) of `date` in the site's zone, to tell whether two times fall on one day. */
export function siteDay(date: Date): string {
  return dateTimeFormat("en-CA", "day", { year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

export type DisplayDate = { iso: string; text: string };

export function displayDate(date: Date, language: Language): DisplayDate {
  return { iso: date.toISOString(), text: formatDate(date, language) };
}
