import { sql } from "kysely";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// "I'm going": a signed-in user marks an event; posting again undoes it. Everyone sees how
// many are going; an event with a capacity refuses newcomers once that many are, while those
// already going can still undo. The poster's row is locked while a place is taken, so two
// people cannot both take the last one.

export type RsvpOutcome = "going" | "undone" | "full" | "over" | "not_found" | "limited";

export type RsvpState = {
  count: number;
  capacity: number | null;
  /** The viewer's own mark (false for anonymous visitors: the cached page never holds it). */
  going: boolean;
  /** No place left for someone not yet going. */
  full: boolean;
};

/** Each toggle rebuilds the event's cached page: a cap per user stops a scripted flood. */
const RSVP_LIMIT: Limit = { max: 60, windowMs: 60 * 60 * 1000 };

/** The public event with this slug, for the action (null when it is not public). */
export async function rsvpPosterId(slug: string): Promise<number | null> {
  const row = await getDb()
    .selectFrom("posters")
    .select("id")
    .where("slug", "=", slug)
    .where(publiclyVisible("posters"))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function rsvpState(posterId: number, capacity: number | null, userId: number | undefined): Promise<RsvpState> {
  const db = getDb();
  const [counted, mine] = await Promise.all([
    db
      .selectFrom("poster_rsvps")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("poster_id", "=", posterId)
      .executeTakeFirstOrThrow(),
    userId === undefined
      ? undefined
      : db.selectFrom("poster_rsvps").select("user_id").where("poster_id", "=", posterId).where("user_id", "=", userId).executeTakeFirst(),
  ]);
  const count = Number(counted.n);
  return { count, capacity, going: mine !== undefined, full: capacity !== null && count >= capacity };
}

/** Marks the user going, or undoes their mark when they already are. */
export async function toggleRsvp(posterId: number, userId: number): Promise<RsvpOutcome> {
  if ((await consumeLimit([{ key: `rsvp:user:${userId}`, limit: RSVP_LIMIT }])).limited) return "limited";
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const poster = await trx
        .selectFrom("posters")
        .select(["id", "capacity", sql<boolean>`coalesce(ends_at, starts_at) < now()`.as("is_past")])
        .where("id", "=", posterId)
        .where(publiclyVisible("posters"))
        .forUpdate()
        .executeTakeFirst();
      if (!poster) return "not_found";
      const undone = await trx
        .deleteFrom("poster_rsvps")
        .where("poster_id", "=", posterId)
        .where("user_id", "=", userId)
        .returning("user_id")
        .executeTakeFirst();
      if (undone) return "undone";
      if (poster.is_past) return "over";
      if (poster.capacity !== null) {
        const { n } = await trx
          .selectFrom("poster_rsvps")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("poster_id", "=", posterId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= poster.capacity) return "full";
      }
      await trx.insertInto("poster_rsvps").values({ poster_id: posterId, user_id: userId }).execute();
      return "going";
    });
}
