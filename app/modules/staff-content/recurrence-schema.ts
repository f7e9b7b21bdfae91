import { z } from "zod";
import {
  MAX_COUNT,
  MAX_INTERVAL,
  MONTH_WEEKS,
  NO_SERIES,
  REPEATS,
  SERIES_ENDS,
  WEEKDAYS,
  type SeriesChoice,
} from "#app/modules/posters/series.ts";
import type { Language } from "#app/i18n/locales.ts";
import { fromLocalDateInput, toLocalDateInput } from "./datetime.ts";

// The "Repeats" fieldset of an event's form (field kind `recurrence`): its inputs, their zod
// shape, the rules between them, and the series choice (posters/series.ts) they stand for.
// Pure: the browser's check and the save share it; the save then checks the start against the
// rule (values.server.ts), which needs the rule's expansion.

const MESSAGES = {
  choice: "admin:errors.choice",
  interval: `admin:errors.range|${JSON.stringify({ min: 1, max: MAX_INTERVAL })}`,
  count: `admin:errors.range|${JSON.stringify({ min: 2, max: MAX_COUNT })}`,
  date: "admin:errors.date",
  days: "admin:errors.series_days",
  required: "admin:errors.required",
} as const;

const MONTH_WEEK_VALUES = MONTH_WEEKS.map(String) as [string, ...string[]];

/** The fieldset's inputs. */
export const recurrenceShape = {
  repeat: z.enum(REPEATS, { error: MESSAGES.choice }).optional(),
  repeat_interval: z
    .number({ error: MESSAGES.interval })
    .int(MESSAGES.interval)
    .min(1, MESSAGES.interval)
    .max(MAX_INTERVAL, MESSAGES.interval)
    .optional(),
  repeat_days: z
    .array(z.enum(WEEKDAYS, { error: MESSAGES.choice }))
    .max(WEEKDAYS.length)
    .optional(),
  repeat_month_week: z.enum(MONTH_WEEK_VALUES, { error: MESSAGES.choice }).optional(),
  repeat_month_day: z.enum(WEEKDAYS, { error: MESSAGES.choice }).optional(),
  repeat_end: z.enum(SERIES_ENDS, { error: MESSAGES.choice }).optional(),
  repeat_until: z
    .string()
    .trim()
    .refine((value) => fromLocalDateInput(value) !== null, MESSAGES.date)
    .optional(),
  repeat_count: z.number({ error: MESSAGES.count }).int(MESSAGES.count).min(2, MESSAGES.count).max(MAX_COUNT, MESSAGES.count).optional(),
};

type RecurrenceValue = { [K in keyof typeof recurrenceShape]?: unknown };

/** The choice the inputs stand for (their rules aside: `recurrenceIssues`). */
export function choiceOfForm(value: RecurrenceValue): SeriesChoice {
  const repeat = (REPEATS as readonly unknown[]).includes(value.repeat) ? (value.repeat as SeriesChoice["repeat"]) : "none";
  if (repeat === "none") return NO_SERIES;
  const days = ([] as unknown[]).concat(value.repeat_days ?? []);
  const end = (SERIES_ENDS as readonly unknown[]).includes(value.repeat_end) ? (value.repeat_end as SeriesChoice["end"]) : "never";
  const monthWeek = Number(value.repeat_month_week);
  return {
    repeat,
    interval: typeof value.repeat_interval === "number" ? value.repeat_interval : 1,
    weekdays: WEEKDAYS.filter((day) => days.includes(day)),
    monthWeek: (MONTH_WEEKS as readonly number[]).includes(monthWeek) ? (monthWeek as SeriesChoice["monthWeek"]) : 1,
    monthDay: (WEEKDAYS as readonly unknown[]).includes(value.repeat_month_day)
      ? (value.repeat_month_day as SeriesChoice["monthDay"])
      : "SA",
    end,
    until: end === "until" && typeof value.repeat_until === "string" ? fromLocalDateInput(value.repeat_until) : null,
    count: end === "count" && typeof value.repeat_count === "number" ? value.repeat_count : null,
  };
}

/** What a repeating choice lacks, beside the input that lacks it: days for a weekly one, the end's date or number. */
export function recurrenceIssues(value: RecurrenceValue): Array<{ path: keyof typeof recurrenceShape; message: string }> {
  const choice = choiceOfForm(value);
  if (choice.repeat === "none") return [];
  const issues: Array<{ path: keyof typeof recurrenceShape; message: string }> = [];
  if (choice.repeat === "weekly" && choice.weekdays.length === 0) issues.push({ path: "repeat_days", message: MESSAGES.days });
  if (choice.end === "until" && !choice.until) issues.push({ path: "repeat_until", message: MESSAGES.required });
  if (choice.end === "count" && !choice.count) issues.push({ path: "repeat_count", message: MESSAGES.required });
  return issues;
}

/** The inputs' values for a choice (a stored rule's, or a new event's none). */
export function formOfChoice(choice: SeriesChoice, language?: Language): Record<string, string | string[]> {
  return {
    repeat: choice.repeat,
    repeat_interval: String(choice.interval),
    repeat_days: choice.weekdays,
    repeat_month_week: String(choice.monthWeek),
    repeat_month_day: choice.monthDay,
    repeat_end: choice.end,
    repeat_until: toLocalDateInput(choice.until, language),
    repeat_count: choice.count ? String(choice.count) : "",
  };
}
