import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { lastDays, utcDayStart } from "./days.ts";

// The dashboard's visitor numbers over the last 30 UTC days (today included). Visits come
// from the raw rows and, should the window reach that far back, from the daily totals old
// rows were folded into; unique visitors exist only in the raw rows.

const STATS_DAYS = 30;
/** "Online now": a heartbeat (or an app load) within this long. */
const ONLINE_WINDOW_MS = 2 * 60_000;
const TOP_PAGES = 10;

export type VisitorStats = {
  days: Array<{ day: string; visits: number; visitors: number }>;
  byLocale: Array<{ locale: string; visits: number }>;
  byDevice: Array<{ deviceClass: string; visits: number }>;
  topPages: Array<{ path: string; visits: number }>;
  onlineNow: number;
  totals: { visits: number; visitors: number };
};

const DEVICE_ORDER = ["mobile", "tablet", "desktop"];
const LOCALE_ORDER = ["ua", "us"];

/** Visits grouped by one column (or the day), from the raw rows and the folded totals. */
async function visitsBy(db: Kysely<DB>, column: "locale" | "device_class" | "path", since: Date, sinceDay: string) {
  const { rows } = await sql<{ key: string; visits: number }>`
    select key, sum(visits)::int as visits from (
      select ${sql.ref(column)} as key, count(*) as visits from visits where visited_at >= ${since} group by 1
      union all
      select ${sql.ref(column)} as key, sum(count) as visits from visit_daily_totals where day >= ${sinceDay}::date group by 1
    ) combined
    group by key
    order by visits desc, key`.execute(db);
  return rows.map((row) => ({ key: row.key, visits: Number(row.visits) }));
}

export async function visitorStats(now = new Date(), db: Kysely<DB> = getDb()): Promise<VisitorStats> {
  const days = lastDays(now, STATS_DAYS);
  const since = utcDayStart(now, STATS_DAYS - 1);
  const sinceDay = days[0]!;

  const [perDay, visitorsTotal, byLocale, byDevice, byPath, online] = await Promise.all([
    sql<{ day: string; visits: number; visitors: number }>`
      select day, sum(visits)::int as visits, sum(visitors)::int as visitors from (
        select to_char(visited_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as visits, count(distinct visitor_hash) as visitors
        from visits where visited_at >= ${since} group by 1
        union all
        select to_char(day, 'YYYY-MM-DD') as day, sum(count) as visits, 0 as visitors
        from visit_daily_totals where day >= ${sinceDay}::date group by 1
      ) combined
      group by day`.execute(db),
    // A visitor's hash changes with the daily salt: across days they are counted per day.
    sql<{ visitors: number }>`
      select count(distinct (visitor_hash, (visited_at at time zone 'UTC')::date))::int as visitors
      from visits where visited_at >= ${since}`.execute(db),
    visitsBy(db, "locale", since, sinceDay),
    visitsBy(db, "device_class", since, sinceDay),
    visitsBy(db, "path", since, sinceDay),
    db
      .selectFrom("presence")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("last_seen_at", ">", new Date(now.getTime() - ONLINE_WINDOW_MS))
      .executeTakeFirstOrThrow(),
  ]);

  const byDay = new Map(perDay.rows.map((row) => [row.day, row]));
  const series = days.map((day) => ({ day, visits: Number(byDay.get(day)?.visits ?? 0), visitors: Number(byDay.get(day)?.visitors ?? 0) }));
  const order = (list: string[], key: string) => (list.includes(key) ? list.indexOf(key) : list.length);
  return {
    days: series,
    byLocale: byLocale
      .map(({ key, visits }) => ({ locale: key, visits }))
      .sort((a, b) => order(LOCALE_ORDER, a.locale) - order(LOCALE_ORDER, b.locale)),
    byDevice: byDevice
      .map(({ key, visits }) => ({ deviceClass: key, visits }))
      .sort((a, b) => order(DEVICE_ORDER, a.deviceClass) - order(DEVICE_ORDER, b.deviceClass)),
    topPages: byPath.slice(0, TOP_PAGES).map(({ key, visits }) => ({ path: key, visits })),
    onlineNow: Number(online.count),
    totals: { visits: series.reduce((sum, day) => sum + day.visits, 0), visitors: Number(visitorsTotal.rows[0]?.visitors ?? 0) },
  };
}
