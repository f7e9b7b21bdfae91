import { sql, type Transaction } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { ConversationEvidence, DB } from "#db/schema.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { consumeLimit } from "#app/modules/auth/rate-limit.server.ts";
import { blockedBetween } from "#app/modules/messages/blocks.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { displayDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { DAY_MS, MIN_MESSAGES_EACH, RATE_FROM_MS, RATE_UNTIL_MS, RATINGS_LIMIT, type RATING_REPORT_REASONS } from "./limits.ts";
import { refreshTrustStats } from "./trust-stats.server.ts";
import { hasOpenReport } from "#app/modules/reports/reports.server.ts";

// Ratings after a real exchange (docs/product.md#ratings). Either party of a conversation
// rates the other once, from RATE_FROM_MS to RATE_UNTIL_MS after the conversation began, when
// both wrote MIN_MESSAGES_EACH delivered messages and no block stands between them. Like the
// messages, every read and write takes the user: nobody else finds the conversation.

/** Why a party may not rate (now): `not_found` is anyone who is not a party. */
type RatingRefusal = "not_found" | "other_gone" | "blocked" | "too_early" | "too_late" | "too_few_messages" | "already";

type StoredRating = { id: number; rater_id: number; stars: number; body: string; answer: string | null; removed: boolean };

type Facts = {
  buyer_id: number | null;
  seller_id: number | null;
  created_at: Date | string;
  other_name: string | null;
  buyer_messages: number | string;
  seller_messages: number | string;
  blocked_pair: boolean | null;
  /** The ratings of this conversation given or received by the user. */
  ratings: StoredRating[] | null;
};

/** The rules, on what the database said of the conversation: whether `userId` may rate the other party at `now`. */
function ratingRefusal(facts: Facts, userId: number, alreadyRated: boolean, now: Date): Exclude<RatingRefusal, "not_found"> | null {
  const otherId = facts.buyer_id === userId ? facts.seller_id : facts.buyer_id;
  if (otherId === null) return "other_gone";
  if (facts.blocked_pair) return "blocked";
  if (alreadyRated) return "already";
  const age = now.getTime() - new Date(facts.created_at).getTime();
  if (age > RATE_UNTIL_MS) return "too_late";
  if (Number(facts.buyer_messages) < MIN_MESSAGES_EACH || Number(facts.seller_messages) < MIN_MESSAGES_EACH) return "too_few_messages";
  if (age < RATE_FROM_MS) return "too_early";
  return null;
}

/**
 * What the rating rules read of conversation `c` for the user (besides its parties, its start
 * and the other's name): the delivered messages of each side, a block between them, and the
 * ratings of it the user gave or received. Columns of the thread's own query (openThread).
 */
export function ratingFactColumns(userId: number) {
  const delivered = (who: "buyer_id" | "seller_id") =>
    sql<number>`(select count(*) from messages m where m.conversation_id = c.id and m.held_at is null and m.sender_id = ${sql.ref(`c.${who}`)})`;
  return [
    delivered("buyer_id").as("buyer_messages"),
    delivered("seller_id").as("seller_messages"),
    blockedBetween(sql.ref("c.buyer_id"), sql.ref("c.seller_id")).as("blocked_pair"),
    sql<StoredRating[] | null>`(select json_agg(json_build_object('id', r.id, 'rater_id', r.rater_id, 'stars', r.stars, 'body', r.body,
      'answer', r.answer, 'removed', r.removed_at is not null)) from user_ratings r
      where r.conversation_id = c.id and (r.rater_id = ${userId} or r.rated_id = ${userId}))`.as("ratings"),
  ] as const;
}

/** What the rating rules read of a conversation, for one of its parties (a held conversation has no seller yet); undefined for anyone else. */
function conversationFacts(conversationId: number, userId: number) {
  return getDb()
    .selectFrom("conversations as c")
    .leftJoin("users as other", (join) =>
      join.on(sql<boolean>`other.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end`),
    )
    .select(["c.id", "c.buyer_id", "c.seller_id", "c.created_at", "other.name as other_name"])
    .select(ratingFactColumns(userId))
    .where("c.id", "=", conversationId)
    .where(sql<boolean>`(c.buyer_id = ${userId} or (c.seller_id = ${userId} and not c.held))`)
    .executeTakeFirst();
}

export type RateOutcome = { ok: true; counted: boolean } | { ok: false; reason: RatingRefusal | "limited"; retryAfterSeconds?: number };

/**
 * A party rates the other: refused by the rules, or past RATINGS_LIMIT (429). Stored with
 * `counted` false when the rater's account is younger than a day or the rater already rated
 * this person in another conversation: kept, never in the average or the count.
 */
export async function rateConversation(
  conversationId: number,
  userId: number,
  stars: number,
  body: string,
  now = new Date(),
): Promise<RateOutcome> {
  const db = getDb();
  const facts = await conversationFacts(conversationId, userId);
  if (!facts) return { ok: false, reason: "not_found" };
  const refusal = ratingRefusal(
    facts,
    userId,
    (facts.ratings ?? []).some((r) => r.rater_id === userId),
    now,
  );
  if (refusal) return { ok: false, reason: refusal };
  const ratedId = (facts.buyer_id === userId ? facts.seller_id : facts.buyer_id)!;
  const limit = await consumeLimit([{ key: `rating:user:${userId}`, limit: RATINGS_LIMIT }], now);
  if (limit.limited) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  const counted = sql<boolean>`(
    (select u.created_at from users u where u.id = ${userId}) <= ${new Date(now.getTime() - DAY_MS)}
    and not exists (select 1 from user_ratings r where r.rater_id = ${userId} and r.rated_id = ${ratedId})
  )`;
  const inserted = await db
    .insertInto("user_ratings")
    .values({ conversation_id: conversationId, rater_id: userId, rated_id: ratedId, stars, body, counted, created_at: now })
    .onConflict((oc) => oc.columns(["conversation_id", "rater_id"]).doNothing())
    .returning("counted")
    .executeTakeFirst();
  if (!inserted) {
    // Two tabs: the other one rated.
    await limit.release();
    return { ok: false, reason: "already" };
  }
  await refreshTrustStats([ratedId], now);
  return { ok: true, counted: inserted.counted };
}

/** The rated person's one public answer to a rating of them that staff have not removed. */
export async function answerRating(
  ratingId: number,
  userId: number,
  answer: string,
  now = new Date(),
): Promise<"answered" | "already" | "not_found"> {
  const db = getDb();
  const updated = await db
    .updateTable("user_ratings")
    .set({ answer, answered_at: now })
    .where("id", "=", ratingId)
    .where("rated_id", "=", userId)
    .where("answer", "is", null)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return "answered";
  const exists = await db
    .selectFrom("user_ratings")
    .select("id")
    .where("id", "=", ratingId)
    .where("rated_id", "=", userId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return exists ? "already" : "not_found";
}

type RatingReportReason = (typeof RATING_REPORT_REASONS)[number];

/**
 * Any signed-in user reports a rating shown on a seller page (the rated person most of all):
 * the report reaches the dashboard's queue with the rating and its answer as they are now.
 * One open report per reporter; a removed rating is not found.
 */
export async function reportRating(
  ratingId: number,
  userId: number,
  reason: RatingReportReason,
): Promise<"reported" | "duplicate" | "not_found"> {
  const db = getDb();
  const rating = await db
    .selectFrom("user_ratings as r")
    .innerJoin("conversations as c", "c.id", "r.conversation_id")
    .leftJoin("users as rater", "rater.id", "r.rater_id")
    .leftJoin("users as rated", "rated.id", "r.rated_id")
    .select(["r.id", "r.stars", "r.body", "r.answer", "r.created_at", "r.answered_at", "r.rater_id", "c.buyer_id", "c.advert_title"])
    .select(["rater.name as rater_name", "rated.name as rated_name"])
    .where("r.id", "=", ratingId)
    .where("r.removed_at", "is", null)
    .executeTakeFirst();
  if (!rating) return "not_found";
  if (await hasOpenReport("rating", ratingId, userId)) return "duplicate";
  const raterSide = rating.rater_id === rating.buyer_id ? "buyer" : "seller";
  const evidence: ConversationEvidence = {
    advertTitle: `${"★".repeat(rating.stars)}${"☆".repeat(5 - rating.stars)} · ${rating.advert_title}`,
    messages: [
      { from: raterSide, name: rating.rater_name, body: rating.body || "—", at: new Date(rating.created_at).toISOString() },
      ...(rating.answer
        ? [
            {
              from: raterSide === "buyer" ? ("seller" as const) : ("buyer" as const),
              name: rating.rated_name,
              body: rating.answer,
              at: new Date(rating.answered_at ?? rating.created_at).toISOString(),
            },
          ]
        : []),
    ],
  };
  await db
    .insertInto("reports")
    .values({ target_type: "rating", target_id: ratingId, reason, message: "", reporter_id: userId, evidence: JSON.stringify(evidence) })
    .execute();
  return "reported";
}

/**
 * Staff remove a reported rating (from the reports queue, in its transaction): it leaves the
 * pages, the average and the count; the audit log keeps who removed it and what it said.
 * Returns the rated person's id, whose figures the caller refreshes after the commit.
 */
export async function removeRating(trx: Transaction<DB>, ratingId: number, actorId: number, note: string | null, now = new Date()) {
  const rating = await trx
    .selectFrom("user_ratings")
    .select(["id", "rated_id", "rater_id", "stars", "body", "answer"])
    .where("id", "=", ratingId)
    .where("removed_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!rating) return null;
  await trx.updateTable("user_ratings").set({ removed_at: now, removed_by: actorId }).where("id", "=", ratingId).execute();
  await recordAudit(trx, {
    actorId,
    action: "hide",
    entityType: "rating",
    entityId: ratingId,
    before: { stars: rating.stars, body: rating.body, answer: rating.answer, rater: rating.rater_id, rated: rating.rated_id },
    after: { removed: true, note },
  });
  return rating.rated_id;
}

/** What a thread shows of ratings to one of its parties: theirs to give (or why not), and the one they got. */
export type RatingPanel = {
  otherName: string | null;
  /** The user may rate the other party now. */
  canRate: boolean;
  /** Why not, when telling helps: it is too early (from when), or one of them has written too little. */
  hint: { kind: "too_early"; from: DisplayDate } | { kind: "too_few_messages" } | null;
  given: { stars: number; body: string; removed: boolean } | null;
  received: { id: number; stars: number; body: string; answer: string | null; removed: boolean } | null;
};

/** The thread's rating panel for one of its parties, from the facts its query read (ratingFactColumns). */
export function ratingPanel(facts: Facts, userId: number, language: Language, now = new Date()): RatingPanel {
  const ratings = facts.ratings ?? [];
  const given = ratings.find((r) => r.rater_id === userId);
  const received = ratings.find((r) => r.rater_id !== userId);
  const refusal = ratingRefusal(facts, userId, given !== undefined, now);
  const from = new Date(new Date(facts.created_at).getTime() + RATE_FROM_MS);
  // Said only where it helps: from when, once both have written enough; that both must write
  // twice, once the day has passed (a fresh conversation is not told about ratings at all).
  return {
    otherName: facts.other_name,
    canRate: refusal === null,
    hint:
      refusal === "too_early"
        ? { kind: "too_early", from: displayDate(from, language) }
        : refusal === "too_few_messages" && from <= now
          ? { kind: "too_few_messages" }
          : null,
    given: given ? { stars: given.stars, body: given.body, removed: given.removed } : null,
    received: received
      ? { id: received.id, stars: received.stars, body: received.body, answer: received.answer, removed: received.removed }
      : null,
  };
}
