import type { RouterContextProvider } from "react-router";
import { localizePath, type LocaleCode } from "#app/i18n/locales.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { pageContext, siteName } from "#app/modules/content/public-page.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { stripHtml } from "#app/platform/format/text.ts";
import { listCategories, listLocations, parseTermFilter } from "#app/modules/taxonomy/public-terms.server.ts";
import { parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import { nearParams, type NearChoice } from "#app/modules/content/near-list.ts";
import { nearTitle } from "#app/modules/content/near-list.server.ts";
import { calendarIcs, eventIcs, type CalendarEvent } from "./ics.ts";
import { eventPlace, findPoster, postersForCalendar, type PosterDetail } from "./posters.server.ts";
import { seriesCalendarParts } from "./occurrences.server.ts";

// The posters as iCalendar: one event's file and the calendar of upcoming events a calendar
// app subscribes to. Addresses come from PUBLIC_URL, never from the request's Host.

type Args = { context: Readonly<RouterContextProvider>; url: URL };

const CALENDAR_TYPE = "text/calendar; charset=utf-8";

type EventSource = Pick<
  PosterDetail,
  "id" | "slug" | "title" | "venue" | "address" | "location" | "description" | "startsAt" | "endsAt" | "updatedAt"
>;

type Series = Awaited<ReturnType<typeof seriesCalendarParts>>;

function toCalendarEvent(poster: EventSource, absolute: (path: string) => string, series: Series, cancelled = false): CalendarEvent {
  const pageUrl = absolute(`/poster/${poster.slug}`);
  const own = series.get(poster.id);
  return {
    // The same for both files and both languages: a subscribed calendar and an added file name one event.
    uid: `poster-${poster.id}@${new URL(pageUrl).hostname}`,
    start: new Date(poster.startsAt),
    end: poster.endsAt ? new Date(poster.endsAt) : null,
    title: poster.title.text,
    location: eventPlace(poster),
    description: `${stripHtml(poster.description.text)}\n\n${pageUrl}`.trim(),
    url: pageUrl,
    stamp: new Date(poster.updatedAt),
    // A series from its first date, with its rule and exceptions; a one-off event at its date.
    ...(own ? { start: own.start, end: own.end, series: own.parts } : { cancelled }),
  };
}

/** `/poster/{slug}/event.ics`: the event as a file to add to a calendar. */
export async function posterEventFile({ context, url }: Args, slug: string): Promise<Response> {
  const { language, absolute } = pageContext(context, url);
  const poster = await findPoster(slug, language);
  if (!poster) notFound();
  const series = await seriesCalendarParts(poster.recurrence ? [poster.id] : []);
  return new Response(eventIcs(toCalendarEvent(poster, absolute, series, poster.isCancelled)), {
    headers: { "Content-Type": CALENDAR_TYPE, "Content-Disposition": `attachment; filename="${poster.slug}.ics"` },
  });
}

/** `/poster/calendar.ics?category=&near=&radius=` (or `&location=`): every upcoming event of the filter, to subscribe to. */
export async function posterCalendar({ context, url }: Args): Promise<Response> {
  const { language, t, absolute } = pageContext(context, url);
  const [categories, locations] = await Promise.all([listCategories("poster", language), listLocations(language)]);
  const category = parseTermFilter(url, "category", categories);
  const near = parseNearFilter(url, locations);
  const [posters, site] = await Promise.all([postersForCalendar(language, { categoryId: category?.id, near }), siteName(language)]);
  // Cancelled one-off events are not listed (posterFilter), so a subscribed calendar drops them.
  const series = await seriesCalendarParts(posters.filter((poster) => poster.isSeries).map((poster) => poster.id));
  const name = [t("posters.title"), category?.name.text, nearTitle(near, t)].filter(Boolean).join(" — ");
  const body = calendarIcs(
    {
      name: `${name} — ${site}`,
      description: t("posters.description"),
      url: absolute(category ? `/poster/category/${category.slug}` : "/poster"),
    },
    posters.map((poster) => toCalendarEvent(poster, absolute, series)),
  );
  return new Response(body, { headers: { "Content-Type": CALENDAR_TYPE, "Content-Disposition": 'inline; filename="calendar.ics"' } });
}

/** The subscribe links of a posters list: the calendar of its category and place, over https and webcal. */
export function calendarLinks(locale: LocaleCode, filter: { category: string | null; near: NearChoice }): { url: string; webcal: string } {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  // The calendar has its own order (soonest first).
  for (const [name, value] of nearParams({ ...filter.near, sort: null })) params.set(name, value);
  const query = params.toString();
  const url = new URL(`${localizePath("/poster/calendar.ics", locale)}${query ? `?${query}` : ""}`, publicOrigin()).href;
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}
