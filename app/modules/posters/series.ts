// A poster's repetition as staff and organisers choose it, and the RFC 5545 RRULE it is stored
// as (`posters.recurrence`): weekly on chosen days every N weeks, or monthly on the Nth (or
// last) weekday every N months; until a date, for a number of dates, or without end. Pure:
// the form (browser) and the save (server) share it; the server expands rules (series.server.ts).

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const REPEATS = ["none", "weekly", "monthly"] as const;
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;
export const SERIES_ENDS = ["never", "until", "count"] as const;
export const MAX_INTERVAL = 12;
export const MAX_COUNT = 200;

export type SeriesChoice = {
  repeat: (typeof REPEATS)[number];
  interval: number;
  /** Weekly: the days. */
  weekdays: Weekday[];
  /** Monthly: which week of the month (-1 the last) and which day. */
  monthWeek: (typeof MONTH_WEEKS)[number];
  monthDay: Weekday;
  end: (typeof SERIES_ENDS)[number];
  /** "until": the last day (YYYY-MM-DD, the site's calendar). */
  until: string | null;
  count: number | null;
};

export const NO_SERIES: SeriesChoice = {
  repeat: "none",
  interval: 1,
  weekdays: [],
  monthWeek: 1,
  monthDay: "SA",
  end: "never",
  until: null,
  count: null,
};

/** The weekday of a site-calendar date's floating reading (UTC fields). */
export function weekdayOf(floating: Date): Weekday {
  return WEEKDAYS[(floating.getUTCDay() + 6) % 7]!;
}

/**
 * The RRULE of a choice (null: a one-off event). `untilMoment`: the end of the until-day in
 * UTC, as RFC 5545 wants UNTIL when DTSTART names a time zone.
 */
export function ruleOf(choice: SeriesChoice, untilMoment: Date | null): string | null {
  if (choice.repeat === "none") return null;
  const parts = [`FREQ=${choice.repeat === "weekly" ? "WEEKLY" : "MONTHLY"}`, `INTERVAL=${choice.interval}`];
  if (choice.repeat === "weekly") parts.push(`BYDAY=${WEEKDAYS.filter((day) => choice.weekdays.includes(day)).join(",")}`);
  else parts.push(`BYDAY=${choice.monthWeek}${choice.monthDay}`);
  if (choice.end === "until" && untilMoment)
    parts.push(
      `UNTIL=${untilMoment
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
  if (choice.end === "count" && choice.count) parts.push(`COUNT=${choice.count}`);
  return parts.join(";");
}
