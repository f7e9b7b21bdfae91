import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { siteDay } from "#app/platform/format/dates.ts";
import { SERIES_HORIZON_DAYS, seriesStarts } from "./series.server.ts";
import type { SeriesParts } from "./ics.ts";

// A series' dates (poster_occurrences) made from its rule (migrations/0041): from a day ago to a
// year ahead. A date that the rule still has keeps its row, and so its "I'm going" marks, its
// move and its cancellation, also when the rule's time of day changes (dates are matched by
// their day on the site's calendar). A date the rule no longer has is removed with its marks;
// past dates are history and stay. A one-off event's one date is kept by a trigger.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Makes a series' dates agree with its rule as of `now`; nothing for a one-off event. */
export async function syncOccurrences(db: Kysely<DB>, posterId: number, now = new Date()): Promise<void> {
  const poster = await db
    .selectFrom("posters")
    .select(["starts_at", "ends_at", "recurrence"])
    .where("id", "=", posterId)
    .executeTakeFirst();
  if (!poster?.recurrence) return;
  const length = poster.ends_at ? poster.ends_at.getTime() - poster.starts_at.getTime() : null;
  const from = new Date(now.getTime() - DAY_MS);
  // A series that starts beyond the horizon still has its first date (its page and lists need one).
  const until = new Date(Math.max(now.getTime() + SERIES_HORIZON_DAYS * DAY_MS, poster.starts_at.getTime()));
  const starts = seriesStarts(poster.recurrence, poster.starts_at, from, until);
  const existing = await db
    .selectFrom("poster_occurrences")
    .select(["id", "original_starts_at", "moved_at"])
    .where("poster_id", "=", posterId)
    .where("original_starts_at", ">=", from)
    .execute();
  const byDay = new Map(existing.map((row) => [siteDay(row.original_starts_at), row]));
  const kept = new Set<number>();
  for (const start of starts) {
    const row = byDay.get(siteDay(start));
    const times = { starts_at: start, ends_at: length === null ? null : new Date(start.getTime() + length) };
    if (row) {
      kept.add(row.id);
      await db
        .updateTable("poster_occurrences")
        .set({ original_starts_at: start, ...(row.moved_at ? {} : times) })
        .where("id", "=", row.id)
        .execute();
    } else {
      await db
        .insertInto("poster_occurrences")
        .values({ poster_id: posterId, original_starts_at: start, ...times })
        .onConflict((oc) => oc.columns(["poster_id", "original_starts_at"]).doNothing())
        .execute();
    }
  }
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length) await db.deleteFrom("poster_occurrences").where("id", "in", gone).execute();
}

/** Every series moves its horizon on (job `event-series`, daily and at start). */
async function extendSeries(now: Date): Promise<number> {
  const db = getDb();
  const series = await db.selectFrom("posters").select("id").where("recurrence", "is not", null).where("deleted_at", "is", null).execute();
  for (const { id } of series) await syncOccurrences(db, id, now);
  return series.length;
}

export const eventSeriesJob = defineScanJob({ name: "event-series", schedule: { cron: "17 3 * * *", atStart: true }, scan: extendSeries });

/** What a calendar file needs of each series among `posterIds`: its rule, first date, cancelled and moved dates. */
export async function seriesCalendarParts(posterIds: number[]) {
  const out = new Map<number, { start: Date; end: Date | null; parts: SeriesParts }>();
  if (posterIds.length === 0) return out;
  const db = getDb();
  const [series, exceptions] = await Promise.all([
    db
      .selectFrom("posters")
      .select(["id", "recurrence", "starts_at", "ends_at"])
      .where("id", "in", posterIds)
      .where("recurrence", "is not", null)
      .execute(),
    db
      .selectFrom("poster_occurrences")
      .select(["poster_id", "original_starts_at", "starts_at", "ends_at", "cancelled_at"])
      .where("poster_id", "in", posterIds)
      .where((eb) => eb.or([eb("cancelled_at", "is not", null), eb("moved_at", "is not", null)]))
      .orderBy("original_starts_at")
      .execute(),
  ]);
  for (const row of series)
    out.set(row.id, { start: row.starts_at, end: row.ends_at, parts: { rule: row.recurrence!, cancelled: [], moved: [] } });
  for (const row of exceptions) {
    const parts = out.get(row.poster_id)?.parts;
    if (!parts) continue;
    if (row.cancelled_at) parts.cancelled.push(row.original_starts_at);
    else parts.moved.push({ original: row.original_starts_at, start: row.starts_at, end: row.ends_at });
  }
  return out;
}
