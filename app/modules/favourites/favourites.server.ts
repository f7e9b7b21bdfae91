import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { checkLimit, consumeLimit, type Limit, type LimitRule } from "#app/modules/auth/rate-limit.server.ts";
import { effectiveStatus } from "#app/modules/adverts/status.ts";
import { cardQuery, liveAdverts, toCard, type AdvertCard, type PriceLabels } from "#app/modules/adverts/queries.server.ts";
import type { AdvertStatus } from "#db/schema.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";

// Adverts a user marked. Only live adverts can be newly saved; a saved advert that is later
// sold or expires stays in the list, marked; one deleted (by its owner or staff) disappears.

/** Saving and removing are cheap but writes: a generous cap per user stops scripted floods. */
const FAVOURITE_LIMIT: Limit = { max: 300, windowMs: 60 * 60 * 1000 };

export type FavouriteOutcome = "saved" | "removed" | "not_found" | "limited";

async function liveAdvertId(advertId: number): Promise<number | null> {
  const row = await liveAdverts().select("a.id").where("a.id", "=", advertId).executeTakeFirst();
  return row?.id ?? null;
}

const favouriteRules = (userId: number): LimitRule[] => [{ key: `favourite:user:${userId}`, limit: FAVOURITE_LIMIT }];

/** Seconds until a "limited" user may save again (the answer's Retry-After). */
export async function favouriteRetryAfter(userId: number): Promise<number> {
  return Math.max(1, (await checkLimit(favouriteRules(userId))).retryAfterSeconds);
}

/** Saves (`save: true`) or removes the advert from the user's favourites; idempotent. */
export async function setFavourite(userId: number, advertId: number, save: boolean): Promise<FavouriteOutcome> {
  const limit = await consumeLimit(favouriteRules(userId));
  if (limit.limited) return "limited";
  if (!save) {
    await getDb().deleteFrom("favourites").where("user_id", "=", userId).where("advertisement_id", "=", advertId).execute();
    return "removed";
  }
  if ((await liveAdvertId(advertId)) === null) return "not_found";
  await getDb()
    .insertInto("favourites")
    .values({ user_id: userId, advertisement_id: advertId })
    .onConflict((oc) => oc.columns(["user_id", "advertisement_id"]).doNothing())
    .execute();
  return "saved";
}

/** Which of `advertIds` the user saved (for the save toggles of a page of cards). */
export async function savedAmong(userId: number | undefined, advertIds: readonly number[]): Promise<number[]> {
  if (userId === undefined || advertIds.length === 0) return [];
  const rows = await getDb()
    .selectFrom("favourites")
    .select("advertisement_id")
    .where("user_id", "=", userId)
    .where("advertisement_id", "in", [...advertIds])
    .execute();
  return rows.map((row) => row.advertisement_id);
}

type FavouriteCard = AdvertCard & { status: AdvertStatus; savedAt: string };

export const FAVOURITES_PAGE_SIZE = 24;

/** The user's favourites, newest saved first, with their effective status (sold, expired…). */
export async function listFavourites(userId: number, page: number, language: Language, labels: PriceLabels) {
  const db = getDb();
  const base = db
    .selectFrom("advertisements as a")
    .where("a.deleted_at", "is", null)
    .where("a.id", "in", db.selectFrom("favourites").select("advertisement_id").where("user_id", "=", userId));
  const savedAt = sql<Date>`(select f.created_at from favourites f where f.user_id = ${userId} and f.advertisement_id = a.id)`;
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    cardQuery(base)
      .select(savedAt.as("saved_at"))
      .orderBy("saved_at", "desc")
      .orderBy("a.id", "desc")
      .limit(FAVOURITES_PAGE_SIZE)
      .offset(offsetOf(page, FAVOURITES_PAGE_SIZE))
      .execute(),
  ]);
  const items: FavouriteCard[] = rows.map((row) => ({
    ...toCard(row, language, labels),
    status: effectiveStatus(row.status, row.expires_at),
    savedAt: new Date(row.saved_at ?? 0).toISOString(),
  }));
  return { items, total: Number(countRow.total) };
}
