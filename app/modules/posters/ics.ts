import { SITE_TIME_ZONE } from "#app/platform/format/intl.ts";
import { siteWallClock } from "#app/platform/format/site-zone.ts";

// The iCalendar (RFC 5545) writer of the posters: one event for "add to calendar"
// (`/poster/{slug}/event.ics`) and the subscribable calendar of upcoming events
// (`/poster/calendar.ics`). A one-off event's times are written in UTC. A series is one event
// with its rule, in the site's zone's wall time (so a weekly 18:00 stays 18:00 across DST): its
// cancelled dates are EXDATEs, each moved date an event of its own with the series' UID and the
// date's rule time as RECURRENCE-ID; the calendar then carries the zone's VTIMEZONE. Pure.

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date | null;
  title: string;
  location: string | null;
  description: string;
  url: string;
  /** When the event was last changed (DTSTAMP and LAST-MODIFIED). */
  stamp: Date;
  /** A series: `start`/`end` are its first date's, `rule` its RRULE. */
  series?: SeriesParts | null;
  /** A one-off event called off (its own file says so; the calendar leaves it out). */
  cancelled?: boolean;
};

export type SeriesParts = {
  rule: string;
  /** The rule times of cancelled dates. */
  cancelled: Date[];
  /** Moved dates: their rule time and their own times. */
  moved: Array<{ original: Date; start: Date; end: Date | null }>;
};

/** What a subscribed calendar app shows as the calendar's name and how often it looks again. */
export type CalendarMeta = { name: string; description?: string; url?: string; refreshHours?: number };

/**
 * TEXT escaping: backslash, semicolon, comma and line breaks; other control characters are
 * not allowed in TEXT and are dropped.
 */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A moment as the site's wall time, for `;TZID=` properties. */
function wallTime(date: Date): string {
  const p = siteWallClock(date);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

const ZONED = `;TZID=${SITE_TIME_ZONE}:`;

/** The site's zone (Europe/Warsaw: CET/CEST, the EU's last-Sunday rules) for calendars that name it. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${SITE_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

type Times = { start: Date; end: Date | null; recurrenceId?: Date };

function timeLines({ start, end, recurrenceId }: Times, zoned: boolean): Array<string | null> {
  const time = (name: string, date: Date) => (zoned ? `${name}${ZONED}${wallTime(date)}` : `${name}:${icsTime(date)}`);
  return [
    recurrenceId ? time("RECURRENCE-ID", recurrenceId) : null,
    time("DTSTART", start),
    end && end > start ? time("DTEND", end) : null,
  ];
}

function oneEvent(event: CalendarEvent, times: Times, extra: Array<string | null>): Array<string | null> {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `LAST-MODIFIED:${icsTime(event.stamp)}`,
    ...timeLines(times, Boolean(event.series)),
    ...extra,
    `SUMMARY:${escapeIcsText(event.title)}`,
    event.location ? `LOCATION:${escapeIcsText(event.location)}` : null,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `URL:${event.url}`,
    event.cancelled ? "STATUS:CANCELLED" : null,
    "END:VEVENT",
  ];
}

function eventLines(event: CalendarEvent): Array<string | null> {
  const series = event.series;
  if (!series) return oneEvent(event, event, []);
  return [
    ...oneEvent(event, event, [`RRULE:${series.rule}`, ...series.cancelled.map((date) => `EXDATE${ZONED}${wallTime(date)}`)]),
    ...series.moved.flatMap((date) => oneEvent(event, { start: date.start, end: date.end, recurrenceId: date.original }, [])),
  ];
}

function calendarText(head: Array<string | null>, events: readonly CalendarEvent[]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Diaspora portal//Posters//UK",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...head,
    ...(events.some((event) => event.series) ? VTIMEZONE : []),
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines
    .filter((line): line is string => line !== null)
    .map(foldLine)
    .join("\r\n")}\r\n`;
}

/** One event, for "add to calendar". */
export function eventIcs(event: CalendarEvent): string {
  return calendarText([], [event]);
}

/** A calendar to subscribe to: its name (RFC 7986 and the common X-WR- names) and its events. */
export function calendarIcs(meta: CalendarMeta, events: readonly CalendarEvent[]): string {
  const refresh = `PT${meta.refreshHours ?? 1}H`;
  return calendarText(
    [
      `NAME:${escapeIcsText(meta.name)}`,
      `X-WR-CALNAME:${escapeIcsText(meta.name)}`,
      meta.description ? `DESCRIPTION:${escapeIcsText(meta.description)}` : null,
      meta.description ? `X-WR-CALDESC:${escapeIcsText(meta.description)}` : null,
      meta.url ? `URL:${meta.url}` : null,
      `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
      `X-PUBLISHED-TTL:${refresh}`,
    ],
    events,
  );
}
