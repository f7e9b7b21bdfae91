import { dateTimeFormat } from "./intl.ts";

// Wall-clock time in the site's time zone (intl.ts): what a moment reads on the site's clocks,
// and the moment a wall-clock reading names. A wall-clock reading is carried as a Date whose
// UTC fields are the reading ("floating" time, as rrule expands rules).

function parts(date: Date): Record<string, string> {
  const list = dateTimeFormat("en-CA", "wall-clock", {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(date);
  return Object.fromEntries(list.map((part) => [part.type, part.value]));
}

/** Year, month, day, hour, minute, second of `date` on the site's clocks, as zero-padded strings. */
export function siteWallClock(date: Date): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const p = parts(date);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** `date`'s site wall-clock reading as a floating Date (its UTC fields are the reading). */
export function toSiteFloating(date: Date): Date {
  const p = siteWallClock(date);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
}

/** Minutes the site's zone is ahead of UTC at `date`. */
function offsetMinutes(date: Date): number {
  return Math.round((toSiteFloating(date).getTime() - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The moment a floating reading names on the site's clocks (around a DST change, the offset at the answer is the one used). */
export function fromSiteFloating(floating: Date): Date {
  const wall = floating.getTime();
  let moment = wall - offsetMinutes(new Date(wall)) * 60_000;
  moment = wall - offsetMinutes(new Date(moment)) * 60_000;
  return new Date(moment);
}
