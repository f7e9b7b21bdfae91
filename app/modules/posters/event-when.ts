import type { Language } from "#app/i18n/locales.ts";
import { formatDayMonth, formatEventStart, formatTime, siteDay, type DisplayDate } from "#app/platform/format/dates.ts";

// How a card says when an event is. An exhibition running 14.11–13.01 is listed with the
// upcoming events until it closes; once it has started its start date says nothing useful,
// so it reads "Триває до 13.01" / "Ongoing until 01/13" instead.

export type EventWhen = DisplayDate & {
  /** Started and not over yet. */
  ongoing: boolean;
  /**
   * The end, when it is worth showing: the day and month of an event ending on another day
   * than it starts (or, while it runs, than today), or the time of one running until later today.
   */
  until: DisplayDate | null;
};

/** `iso` and `text` are the start ("сб, 14.11.26, 17:00"), as before an event starts. */
export function eventWhen(startsAt: Date, endsAt: Date | null, now: Date, language: Language): EventWhen {
  const start = { iso: startsAt.toISOString(), text: formatEventStart(startsAt, language) };
  if (!endsAt || endsAt <= startsAt) return { ...start, ongoing: false, until: null };
  const ongoing = startsAt <= now && now < endsAt;
  const sameDay = siteDay(endsAt) === siteDay(ongoing ? now : startsAt);
  if (sameDay && !ongoing) return { ...start, ongoing, until: null };
  const until = { iso: endsAt.toISOString(), text: sameDay ? formatTime(endsAt, language) : formatDayMonth(endsAt, language) };
  return { ...start, ongoing, until };
}

/** The `content` messages a label needs; both i18next's `t` and the components' fit. */
type WhenT = (key: "posters.ongoing_until", options: { date: string }) => string;

/** "Триває до 13.01", "сб, 14.11.26, 17:00 – 13.01" or the start alone. */
export function eventWhenLabel(when: EventWhen, t: WhenT): string {
  if (!when.until) return when.text;
  return when.ongoing ? t("posters.ongoing_until", { date: when.until.text }) : `${when.text} – ${when.until.text}`;
}
