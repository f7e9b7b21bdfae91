import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { utcDay, utcDayStart } from "./days.ts";

/** Visit rows older than this many days are folded into visit_daily_totals. */
const VISIT_RETENTION_DAYS = 90;
/** Presence rows unseen for this long are dropped (online now looks at 2 minutes). */
const PRESENCE_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Folds the visits of whole UTC days older than 90 days into per-day totals (by path, locale
 * and device class) and deletes those rows. An advisory lock keeps two processes from folding
 * the same rows twice. Returns how many rows were folded.
 */
export async function foldOldVisits(now = new Date(), db: Kysely<DB> = getDb()): Promise<number> {
  const cutoff = utcDayStart(now, VISIT_RETENTION_DAYS);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('analytics:fold-visits'))`.execute(trx);
    await sql`
      insert into visit_daily_totals (day, path, locale, device_class, count)
      select (visited_at at time zone 'UTC')::date, path, locale, device_class, count(*)::int
      from visits
      where visited_at < ${cutoff}
      group by 1, 2, 3, 4
      on conflict (day, path, locale, device_class)
      do update set count = visit_daily_totals.count + excluded.count`.execute(trx);
    const deleted = await trx.deleteFrom("visits").where("visited_at", "<", cutoff).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}

/** The once-a-day chores, run by whichever process creates the day's salt. */
export async function runDailyMaintenance(now: Date, db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .deleteFrom("analytics_salts")
    .where("day", "<", sql<Date>`${utcDay(now)}::date`)
    .execute();
  await db
    .deleteFrom("presence")
    .where("last_seen_at", "<", new Date(now.getTime() - PRESENCE_KEEP_MS))
    .execute();
  await foldOldVisits(now, db);
}
