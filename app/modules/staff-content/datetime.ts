import type { Language } from "#app/i18n/locales.ts";
import { fromSiteFloating, siteWallClock } from "#app/platform/format/site-zone.ts";

// Date-time fields of the dashboard. Staff read and write them in the site's time zone,
// whatever the server's or the browser's zone is, and in the page's format: a text field
// ("20.11.2026 18:30" on Ukrainian pages, "11/20/2026 6:30 PM" on English ones), because a
// native datetime-local field shows the browser's format, not the page's. The ISO form
// ("2026-11-20T18:30") is read too.

const ISO_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const UK_INPUT = /^(\d{1,2})\.(\d{1,2})\.(\d{4}),?\s+(\d{1,2}):(\d{2})$/;
const EN_INPUT = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})(?:\s*([AaPp])\.?\s*[Mm]\.?)?$/;

/**
 * `date` in the site's zone as the field shows it: in the page's format with `language`,
 * else "YYYY-MM-DDTHH:mm"; "" for none.
 */
export function toLocalInput(date: Date | string | null | undefined, language?: Language): string {
  if (!date) return "";
  const p = siteWallClock(new Date(date));
  if (language === "uk") return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
  if (language === "en") {
    const hour = Number(p.hour);
    return `${p.month}/${p.day}/${p.year} ${hour % 12 || 12}:${p.minute} ${hour < 12 ? "AM" : "PM"}`;
  }
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Year, month, day, hour, minute, second of a field value in any accepted form. */
function fieldsOf(value: string): number[] | null {
  const text = value.trim();
  let match = ISO_INPUT.exec(text);
  if (match) return match.slice(1, 7).map((part) => Number(part ?? 0));
  match = UK_INPUT.exec(text);
  if (match) return [match[3], match[2], match[1], match[4], match[5], 0].map(Number);
  match = EN_INPUT.exec(text);
  if (match) {
    let hour = Number(match[4]);
    const half = match[6]?.toLowerCase();
    if (half) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (half === "p" ? 12 : 0);
    }
    return [Number(match[3]), Number(match[1]), Number(match[2]), hour, Number(match[5]), 0];
  }
  return null;
}

/** The moment a field value names in the site's zone; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  const fields = fieldsOf(value);
  if (!fields) return null;
  const [y, mo, d, h, mi, s] = fields as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // 31.02 would roll over into March: refuse it.
  if (new Date(wall).getUTCDate() !== d) return null;
  const result = fromSiteFloating(new Date(wall));
  return Number.isNaN(result.getTime()) ? null : result;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const EN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A day ("YYYY-MM-DD", the site's calendar) as a date field shows it: in the page's format with `language`. */
export function toLocalDateInput(day: string | null, language?: Language): string {
  const match = day ? ISO_DATE.exec(day) : null;
  if (!match) return "";
  const [, year, month, dayOfMonth] = match;
  if (language === "uk") return `${dayOfMonth}.${month}.${year}`;
  if (language === "en") return `${month}/${dayOfMonth}/${year}`;
  return day!;
}

/** The day ("YYYY-MM-DD") a date field names in any accepted form; null when it is not one. */
export function fromLocalDateInput(value: string): string | null {
  const text = value.trim();
  let fields: number[] | null = null;
  let match = ISO_DATE.exec(text);
  if (match) fields = match.slice(1, 4).map(Number);
  else if ((match = UK_DATE.exec(text))) fields = [match[3], match[2], match[1]].map(Number);
  else if ((match = EN_DATE.exec(text))) fields = [match[3], match[1], match[2]].map(Number);
  if (!fields) return null;
  const [y, m, d] = fields as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (m < 1 || m > 12 || date.getUTCDate() !== d || date.getUTCMonth() !== m - 1) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
