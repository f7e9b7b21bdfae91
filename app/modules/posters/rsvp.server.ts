import { type Kysely, sql } from "kysely";
import type { DB } from "#db/schema.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { mailPromotions } from "./promotion.server.ts";

// "I'm going", per date of an event (poster_occurrences): a signed-in user marks a date;
// posting again takes the mark back. Past the event's capacity a newcomer joins the date's
// waiting list (status 'waiting', in order of arrival). When a place frees up, the first
// waiting take it in the same transaction, and their mail is queued once it has committed.
// The date's row is locked while a place is taken or given up, so two people never both get
// the last one, and a place is never handed to two waiting people.

export type RsvpOutcome = "going" | "waiting" | "left" | "left_queue" | "over" | "cancelled" | "not_found" | "limited";

export type RsvpState = {
  /** The date the marks are for (poster_occurrences.id). */
  occurrenceId: number;
  /** How many are going. */
  count: number;
  /** How many wait for a place. */
  waiting: number;
  capacity: number | null;
  /** Places not taken; null without a capacity. */
  placesLeft: number | null;
  /** The viewer's own mark (null for anonymous visitors: the cached page never holds it). */
  mine: "going" | "waiting" | null;
  /** The viewer's place on the waiting list, from 1. */
  position: number | null;
  /** No place left: a newcomer joins the waiting list. */
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

export async function rsvpState(occurrenceId: number, capacity: number | null, userId: number | undefined): Promise<RsvpState> {
  const db = getDb();
  const [counted, mine] = await Promise.all([
    db
      .selectFrom("poster_rsvps")
      .select([
        sql<number>`count(*) filter (where status = 'going')`.as("going"),
        sql<number>`count(*) filter (where status = 'waiting')`.as("waiting"),
      ])
      .where("occurrence_id", "=", occurrenceId)
      .executeTakeFirstOrThrow(),
    userId === undefined
      ? undefined
      : db
          .selectFrom("poster_rsvps as m")
          .select((eb) => [
            "m.status",
            eb
              .selectFrom("poster_rsvps as w")
              .select(sql<number>`count(*)`.as("n"))
              .whereRef("w.occurrence_id", "=", "m.occurrence_id")
              .where("w.status", "=", "waiting")
              // The queue's order: by arrival, then by user for marks made at the same instant.
              .where(sql<boolean>`(w.created_at, w.user_id) < (m.created_at, m.user_id)`)
              .as("ahead"),
          ])
          .where("m.occurrence_id", "=", occurrenceId)
          .where("m.user_id", "=", userId)
          .executeTakeFirst(),
  ]);
  const count = Number(counted.going);
  const placesLeft = capacity === null ? null : Math.max(0, capacity - count);
  const status = mine?.status === "going" || mine?.status === "waiting" ? mine.status : null;
  return {
    occurrenceId,
    count,
    waiting: Number(counted.waiting),
    capacity,
    placesLeft,
    mine: status,
    position: status === "waiting" ? Number(mine!.ahead ?? 0) + 1 : null,
    full: placesLeft === 0,
  };
}

/**
 * Gives the date's free places to the first waiting, in order (a place freed by someone
 * leaving, or more places after the capacity was raised). The caller holds the date's row lock.
 */
async function fillFreePlaces(
  trx: Kysely<DB>,
  occurrenceId: number,
  capacity: number | null,
): Promise<{ going: number; promoted: number[] }> {
  const { n } = await trx
    .selectFrom("poster_rsvps")
    .select(sql<number>`count(*)`.as("n"))
    .where("occurrence_id", "=", occurrenceId)
    .where("status", "=", "going")
    .executeTakeFirstOrThrow();
  const free = capacity === null ? null : capacity - Number(n);
  if (free !== null && free <= 0) return { going: Number(n), promoted: [] };
  const promoted = await trx
    .updateTable("poster_rsvps")
    .set({ status: "going", promoted_at: sql`now()` })
    .where("occurrence_id", "=", occurrenceId)
    .where("user_id", "in", (eb) =>
      eb
        .selectFrom("poster_rsvps")
        .select("user_id")
        .where("occurrence_id", "=", occurrenceId)
        .where("status", "=", "waiting")
        .orderBy("created_at")
        .orderBy("user_id")
        .$if(free !== null, (qb) => qb.limit(free!)),
    )
    .returning("user_id")
    .execute();
  return { going: Number(n) + promoted.length, promoted: promoted.map((row) => row.user_id) };
}

type Toggled = { outcome: RsvpOutcome; promoted: number[] };

async function toggleInTransaction(trx: Kysely<DB>, posterId: number, occurrenceId: number, userId: number): Promise<Toggled> {
  const date = await trx
    .selectFrom("poster_occurrences as o")
    .innerJoin("posters", "posters.id", "o.poster_id")
    .select([
      "posters.capacity",
      sql<boolean>`o.cancelled_at is not null`.as("is_cancelled"),
      sql<boolean>`coalesce(o.ends_at, o.starts_at) < now()`.as("is_over"),
    ])
    .where("o.id", "=", occurrenceId)
    .where("o.poster_id", "=", posterId)
    .where(publiclyVisible("posters"))
    .forUpdate("o")
    .executeTakeFirst();
  if (!date) return { outcome: "not_found", promoted: [] };
  // A date that is cancelled or over is history: its marks stay as they are.
  if (date.is_cancelled) return { outcome: "cancelled", promoted: [] };
  if (date.is_over) return { outcome: "over", promoted: [] };
  const left = await trx
    .deleteFrom("poster_rsvps")
    .where("occurrence_id", "=", occurrenceId)
    .where("user_id", "=", userId)
    .returning("status")
    .executeTakeFirst();
  const { going, promoted } = await fillFreePlaces(trx, occurrenceId, date.capacity);
  if (left) return { outcome: left.status === "waiting" ? "left_queue" : "left", promoted };
  // Nobody waits while a place is free (fillFreePlaces), so a newcomer waits exactly when none is.
  const status = date.capacity !== null && going >= date.capacity ? "waiting" : "going";
  await trx.insertInto("poster_rsvps").values({ poster_id: posterId, occurrence_id: occurrenceId, user_id: userId, status }).execute();
  return { outcome: status, promoted };
}

/** Marks the user going to the date (or waiting, when it is full), or takes their mark back when they have one. */
export async function toggleRsvp(posterId: number, occurrenceId: number, userId: number): Promise<RsvpOutcome> {
  if ((await consumeLimit([{ key: `rsvp:user:${userId}`, limit: RSVP_LIMIT }])).limited) return "limited";
  const { outcome, promoted } = await getDb()
    .transaction()
    .execute((trx) => toggleInTransaction(trx, posterId, occurrenceId, userId));
  // Queued once the places are committed, so the worker never mails a promotion that was rolled back.
  await mailPromotions(occurrenceId, promoted);
  return outcome;
}

/** The viewer's place on the date's waiting list after joining it (for the toast). */
export async function waitingPosition(occurrenceId: number, userId: number): Promise<number | null> {
  return (await rsvpState(occurrenceId, null, userId)).position;
}
