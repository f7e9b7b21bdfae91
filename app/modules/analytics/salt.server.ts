import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { utcDay } from "./days.ts";
import { runDailyMaintenance } from "./maintenance.server.ts";

// One random salt per UTC day, kept in the database so that every process hashes a visitor
// alike. The process that creates a day's salt also does the daily chores: forgetting older
// salts (after which yesterday's hashes can no longer be recomputed from an IP address),
// folding old visits into daily totals and dropping stale presence rows.

const cache = new WeakMap<Kysely<DB>, { day: string; salt: string }>();

export async function getDailySalt(now = new Date(), db: Kysely<DB> = getDb()): Promise<string> {
  const day = utcDay(now);
  const cached = cache.get(db);
  if (cached?.day === day) return cached.salt;

  const created = await db
    .insertInto("analytics_salts")
    .values({ day, salt: randomBytes(32).toString("hex") })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .returning("salt")
    .executeTakeFirst();
  const salt =
    created?.salt ??
    (
      await db
        .selectFrom("analytics_salts")
        .select("salt")
        .where("day", "=", sql<Date>`${day}::date`)
        .executeTakeFirstOrThrow()
    ).salt;
  cache.set(db, { day, salt });
  if (created) await runDailyMaintenance(now, db);
  return salt;
}
