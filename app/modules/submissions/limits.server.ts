import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { Settings } from "#app/platform/settings/settings.server.ts";
import { SUBMISSION_TYPES } from "./forms.ts";

// The daily cap of submissions: the advert cap's number (settings.adverts_per_user_per_day)
// over the same rolling 24 hours, counted over the user's events, services and organisations
// together, apart from their adverts.

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the user's submissions of the last 24 hours were sent, newest first (at most `limit`). */
async function recentSubmissions(db: Kysely<DB>, userId: number, limit: number, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - DAY_MS);
  const lists = await Promise.all(
    SUBMISSION_TYPES.map((table) =>
      db
        .selectFrom(table)
        .select("created_at")
        .where("submitted_by", "=", userId)
        .where("created_at", ">", since)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
    ),
  );
  return lists
    .flat()
    .map((row) => new Date(row.created_at))
    .sort((a, b) => b.getTime() - a.getTime())
    .slice(0, limit);
}

export type DailyCap = { reached: false } | { reached: true; max: number; retryAfterSeconds: number };

type CapSettings = Pick<Settings, "adverts_per_user_per_day">;

export async function submissionCap(userId: number, settings: CapSettings, now = new Date(), db: Kysely<DB> = getDb()): Promise<DailyCap> {
  const max = settings.adverts_per_user_per_day;
  const recent = await recentSubmissions(db, userId, Math.max(1, max), now);
  if (recent.length < max) return { reached: false };
  // A slot frees when the max-th newest submission leaves the 24 hours.
  const blocking = recent[max - 1] ?? now;
  return { reached: true, max, retryAfterSeconds: Math.max(1, Math.ceil((blocking.getTime() + DAY_MS - now.getTime()) / 1000)) };
}

export class DailyCapReached extends Error {
  readonly cap: Extract<DailyCap, { reached: true }>;
  constructor(cap: Extract<DailyCap, { reached: true }>) {
    super("daily submission cap reached");
    this.cap = cap;
  }
}

/**
 * The cap checked again inside the insert's transaction, under a per-user lock: two posts sent
 * at the same moment are counted one after the other, so the second one sees the first.
 */
export function capCheckedOnInsert(userId: number, settings: CapSettings, now = new Date()) {
  return async (trx: Transaction<DB>): Promise<void> => {
    await sql`select pg_advisory_xact_lock(hashtext(${`submission-post:${userId}`}))`.execute(trx);
    const cap = await submissionCap(userId, settings, now, trx);
    if (cap.reached) throw new DailyCapReached(cap);
  };
}
