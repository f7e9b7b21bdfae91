import * as rruleModule from "rrule";
import { siteDay } from "#app/platform/format/dates.ts";
import { fromSiteFloating, toSiteFloating } from "#app/platform/format/site-zone.ts";
import { MONTH_WEEKS, NO_SERIES, WEEKDAYS, type SeriesChoice, type Weekday } from "./series.ts";

// Expanding a series' rule into its dates, in the site's time zone: a weekly 18:00 stays 18:00
// across the DST change. rrule works on "floating" dates (UTC fields = the site's wall clock);
// each date is turned into its moment after. The rule's first date is the poster's `starts_at`.

// rrule is CommonJS for Node (its ESM build is the bundlers'): the namespace has it under default.
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

/** How far ahead a series' dates exist; the daily job moves the horizon on. */
export const SERIES_HORIZON_DAYS = 366;
/** At most this many dates a series has ahead at once. */
const MAX_AHEAD = 200;

function ruleFor(rule: string, firstStart: Date) {
  const options = RRule.parseString(rule);
  return new RRule({
    ...options,
    dtstart: toSiteFloating(firstStart),
    until: options.until ? toSiteFloating(options.until) : null,
    tzid: null,
  });
}

/** The rule's dates (starts) from `from` to `to`, both included, at most 200. */
export function seriesStarts(rule: string, firstStart: Date, from: Date, to: Date): Date[] {
  const dates = ruleFor(rule, firstStart).between(toSiteFloating(from), toSiteFloating(to), true);
  return dates.slice(0, MAX_AHEAD).map(fromSiteFloating);
}

/** Whether `start` is one of the rule's dates (the first date must be). */
export function isSeriesDate(rule: string, start: Date): boolean {
  const floating = toSiteFloating(start);
  return ruleFor(rule, start).between(floating, floating, true).length === 1;
}

/** The form's choice for a stored rule (NO_SERIES for none, or for a rule the form cannot show). */
export function choiceOfRule(rule: string | null): SeriesChoice {
  if (!rule) return NO_SERIES;
  try {
    const options = RRule.parseString(rule);
    const days = (Array.isArray(options.byweekday) ? options.byweekday : options.byweekday ? [options.byweekday] : []).map((day) =>
      typeof day === "number"
        ? { weekday: day, n: undefined }
        : typeof day === "string"
          ? { weekday: WEEKDAYS.indexOf(day), n: undefined }
          : day,
    );
    const end = options.until ? "until" : options.count ? "count" : "never";
    const common = {
      interval: options.interval ?? 1,
      end,
      until: options.until ? siteDay(options.until) : null,
      count: options.count ?? null,
    } as const;
    if (options.freq === RRule.WEEKLY)
      return { ...NO_SERIES, ...common, repeat: "weekly", weekdays: days.map((day) => WEEKDAYS[day.weekday] as Weekday) };
    const first = days[0];
    if (options.freq === RRule.MONTHLY && first && MONTH_WEEKS.includes(first.n as never))
      return {
        ...NO_SERIES,
        ...common,
        repeat: "monthly",
        monthWeek: first.n as SeriesChoice["monthWeek"],
        monthDay: WEEKDAYS[first.weekday]!,
      };
  } catch {
    // A rule written by hand into the database that rrule cannot read: shown as none.
  }
  return NO_SERIES;
}
