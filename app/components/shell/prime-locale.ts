import { addLocale, locale, localeOptions, type LocaleOptions } from "primereact/api";
import type { Language } from "#app/i18n/locales.ts";
import { resources } from "#app/i18n/resources.ts";

// PrimeReact widgets (calendars, tables, confirm dialogs) in the product's words and formats:
// uk dd.mm.yy with Monday first, en mm/dd/yy with Sunday first; Today, Wk, Yes, No and
// "No results found". The strings live in the `shell` namespace like every other one.

/** PrimeReact's own English options: the base for the aria labels not translated here. */
const builtIn = localeOptions("en") as LocaleOptions;

export function primeLocaleOptions(language: Language): LocaleOptions {
  const w = resources[language].shell.widgets;
  return {
    accept: w.accept,
    reject: w.reject,
    today: w.today,
    now: w.now,
    clear: w.clear,
    apply: w.apply,
    cancel: w.cancel,
    close: w.close,
    choose: w.choose,
    upload: w.upload,
    weekHeader: w.week_header,
    dateFormat: w.date_format,
    firstDayOfWeek: Number(w.first_day_of_week),
    emptyMessage: w.empty_message,
    emptyFilterMessage: w.empty_filter_message,
    chooseDate: w.choose_date,
    chooseMonth: w.choose_month,
    chooseYear: w.choose_year,
    prevMonth: w.prev_month,
    nextMonth: w.next_month,
    prevYear: w.prev_year,
    nextYear: w.next_year,
    dayNames: [...w.day_names],
    dayNamesShort: [...w.day_names_short],
    dayNamesMin: [...w.day_names_min],
    monthNames: [...w.month_names],
    monthNamesShort: [...w.month_names_short],
    aria: {
      ...builtIn.aria,
      close: w.aria.close,
      previous: w.aria.previous,
      next: w.aria.next,
      selectAll: w.aria.select_all,
      unselectAll: w.aria.unselect_all,
      selectRow: w.aria.select_row,
      unselectRow: w.aria.unselect_row,
      pageLabel: w.aria.page_label,
      firstPageLabel: w.aria.first_page_label,
      lastPageLabel: w.aria.last_page_label,
      nextPageLabel: w.aria.next_page_label,
      prevPageLabel: w.aria.prev_page_label,
      rowsPerPageLabel: w.aria.rows_per_page_label,
    },
  };
}

let registered = false;

/**
 * Makes `language` PrimeReact's locale for the widgets rendered below. PrimeReact keeps it
 * in a global; a render without suspense runs in one go, so setting it while rendering the
 * page keeps concurrent server renders in different languages apart.
 */
export function usePrimeLocale(language: Language): void {
  if (!registered) {
    addLocale("uk", primeLocaleOptions("uk"));
    addLocale("en", primeLocaleOptions("en"));
    registered = true;
  }
  locale(language);
}

/**
 * A "yyyy-mm-dd" day in the widgets' format, read the way PrimeReact reads it: dd and mm are
 * two-digit day and month, yy the full year (uk 05.11.2026, en 11/05/2026).
 */
export function formatWidgetDate(day: string, language: Language): string {
  const [year, month, date] = day.split("-");
  return resources[language].shell.widgets.date_format.replace("dd", date!).replace("mm", month!).replace("yy", year!);
}
