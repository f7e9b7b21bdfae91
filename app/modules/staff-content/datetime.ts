import { SITE_TIME_ZONE } from "../listing/dates.ts";

// `<input type="datetime-local">` values ("2026-11-20T18:30") carry no zone: staff read and
// write them in the site's time zone, whatever the server's or the browser's zone is.

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(date: Date): Record<string, string> {
  return Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
}

/** Minutes the site's zone is ahead of UTC at `date`. */
function offsetMinutes(date: Date): number {
  const p = wallClock(date);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** "YYYY-MM-DDTHH:mm" of `date` in the site's zone; "" for none. */
export function toLocalInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  const p = wallClock(new Date(date));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The moment a datetime-local value names in the site's zone; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  // The offset at the guess may differ from the offset at the answer around a DST change.
  let moment = wall - offsetMinutes(new Date(wall)) * 60_000;
  moment = wall - offsetMinutes(new Date(moment)) * 60_000;
  const result = new Date(moment);
  return Number.isNaN(result.getTime()) ? null : result;
}

export const LOCAL_INPUT_PATTERN = LOCAL_INPUT;
