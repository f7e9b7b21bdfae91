// The iCalendar (RFC 5545) writer of the posters: one event for "add to calendar"
// (`/poster/{slug}/event.ics`) and the subscribable calendar of upcoming events
// (`/poster/calendar.ics`). Times are written in UTC, so no VTIMEZONE is needed. Pure.

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

function eventLines(event: CalendarEvent): Array<string | null> {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `LAST-MODIFIED:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    event.end && event.end > event.start ? `DTEND:${icsTime(event.end)}` : null,
    `SUMMARY:${escapeIcsText(event.title)}`,
    event.location ? `LOCATION:${escapeIcsText(event.location)}` : null,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `URL:${event.url}`,
    "END:VEVENT",
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
