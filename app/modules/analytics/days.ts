// Analytics days are UTC days: the salt rotates at UTC midnight and the charts count per UTC day.

const DAY_MS = 24 * 60 * 60 * 1000;

/** "yyyy-mm-dd" of the UTC day `now` falls in. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** UTC midnight starting the day `days` before the day of `now`. */
export function utcDayStart(now: Date, daysBefore = 0): Date {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(start - daysBefore * DAY_MS);
}

/** The `count` UTC days ending with today, oldest first, as "yyyy-mm-dd". */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => utcDay(utcDayStart(now, count - 1 - index)));
}
