import type { Language } from "#app/i18n/locales.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { formatLongDate } from "#app/platform/format/dates.ts";
import type { Weekday } from "./series.ts";
import { choiceOfRule } from "./series.server.ts";

// How a series repeats, in words, for its page: "Щосуботи", "Every 2 weeks on Monday and
// Wednesday", "On the second Saturday of every month", with its end ("until June 30, 2027", "12 times").

/** Ukrainian ordinals agree with the weekday: "другий понеділок", "другу суботу". */
const MASCULINE = new Set<Weekday>(["MO", "TU", "TH"]);

/** The rule in words; null for a one-off event or a rule the form cannot show. */
export function seriesText(rule: string | null, language: Language): string | null {
  const choice = choiceOfRule(rule);
  if (choice.repeat === "none") return null;
  const t = translatorFor(language);
  const key = (name: string) => `content:posters.series.${name}`;
  let text: string;
  if (choice.repeat === "weekly") {
    const days = new Intl.ListFormat(language, { type: "conjunction" }).format(choice.weekdays.map((day) => t(key(`on.${day}`))));
    if (choice.interval > 1) text = t(key("weekly_interval"), { count: choice.interval, days });
    else if (choice.weekdays.length === 1) text = t(key(`every_day.${choice.weekdays[0]}`));
    else text = t(key("weekly"), { days });
  } else {
    const gender = MASCULINE.has(choice.monthDay) ? "m" : "f";
    const day = t(key("nth_day"), { nth: t(key(`nth.${choice.monthWeek}_${gender}`)), day: t(key(`on.${choice.monthDay}`)) });
    text = choice.interval > 1 ? t(key("monthly_interval"), { count: choice.interval, day }) : t(key("monthly"), { day });
  }
  // Noon UTC of the last day reads as that day on the site's clocks.
  if (choice.until) text += `, ${t(key("until"), { date: formatLongDate(new Date(`${choice.until}T12:00:00Z`), language) })}`;
  if (choice.count) text += `, ${t(key("times"), { count: choice.count })}`;
  return text;
}
