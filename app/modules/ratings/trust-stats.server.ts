import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { liveAdvert } from "#app/modules/adverts/queries.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { displayDate, formatMonthYear } from "#app/platform/format/dates.ts";
import { userTextLang } from "#app/platform/format/text-language.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import type { TrustView } from "./trust.ts";

// What a seller's behaviour says, kept in `user_trust_stats` (migrations/0036): computed in
// the database by the `trust-stats` scan every ten minutes and for the rated person after a
// rating or its removal; the seller and advert pages read it with one query (trustProfile).
// Only rows whose values changed are written, and only that bumps the table's content version.

/** The window of conversations the reply figures look at. */
const REPLY_WINDOW_DAYS = 90;
/** Fewer conversations than this say nothing about how someone answers: the lines are hidden. */
const MIN_CONVERSATIONS_SHOWN = 3;

const FIGURES = [
  "received_conversations",
  "answered_conversations",
  "reply_median_minutes",
  "live_adverts",
  "sold_adverts",
  "rating_count",
  "rating_average",
] as const;

/**
 * Recomputes the figures of the given users (all who have adverts, conversations as seller,
 * ratings or a row already, when none are given). Returns how many rows changed.
 */
export async function refreshTrustStats(userIds?: readonly number[], now = new Date()): Promise<number> {
  if (userIds && userIds.length === 0) return 0;
  const since = new Date(now.getTime() - REPLY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const scope = userIds
    ? sql`u.id in (${sql.join(userIds.map((id) => sql`${id}`))})`
    : sql`(exists (select 1 from advertisements a where a.owner_id = u.id)
        or exists (select 1 from conversations c where c.seller_id = u.id)
        or exists (select 1 from user_ratings r where r.rated_id = u.id)
        or exists (select 1 from user_trust_stats t where t.user_id = u.id))`;
  const columns = sql.join(FIGURES.map((column) => sql.ref(column)));
  const mine = sql.join(FIGURES.map((column) => sql.ref(`s.${column}`)));
  const theirs = sql.join(FIGURES.map((column) => sql.ref(`excluded.${column}`)));
  // Conversations are opened by the buyer: those where the user is the seller are the ones others started.
  const result = await sql`
    insert into user_trust_stats as s (user_id, ${columns}, computed_at)
    select u.id, coalesce(rc.received, 0), coalesce(rc.answered, 0), rc.median,
      (select count(*) from advertisements a where a.owner_id = u.id and ${liveAdvert("a")}),
      (select count(*) from advertisements a where a.owner_id = u.id and a.status = 'sold' and a.deleted_at is null),
      coalesce(rt.n, 0), rt.average, ${now}
    from users u
    left join lateral (
      select count(*) as received, count(fr.first_reply) as answered,
        round(percentile_cont(0.5) within group (order by extract(epoch from fr.first_reply - c.created_at) / 60))::integer as median
      from conversations c
      left join lateral (
        select min(m.created_at) as first_reply from messages m
        where m.conversation_id = c.id and m.sender_id = u.id and m.held_at is null
      ) fr on true
      where c.seller_id = u.id and not c.held and c.created_at > ${since} and c.buyer_id is distinct from u.id
    ) rc on true
    left join lateral (
      select count(*) as n, round(avg(r.stars), 2) as average from user_ratings r
      where r.rated_id = u.id and r.counted and r.removed_at is null
    ) rt on true
    where ${scope}
    on conflict (user_id) do update set ${sql.join(FIGURES.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`))}, computed_at = excluded.computed_at
    where (${mine}) is distinct from (${theirs})`.execute(getDb());
  return Number(result.numAffectedRows ?? 0);
}

/** The scan that keeps every seller's figures current (a reply, an advert sold or run out, the 90 days moving on). */
export const trustStatsJob = defineScanJob({
  name: "trust-stats",
  schedule: { cron: "*/10 * * * *", atStart: true },
  scan: (now) => refreshTrustStats(undefined, now),
});

const numberFormats = new Map<Language, Intl.NumberFormat>();
function averageText(value: number, language: Language): string {
  let format = numberFormats.get(language);
  if (!format)
    numberFormats.set(language, (format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return format.format(value);
}

type ReviewRow = { id: number; stars: number; body: string; by: string | null; at: string; answer: string | null };

/**
 * Who a person is to a buyer and what their behaviour says: the seller and advert pages'
 * one query (the user, their figures, the newest counted ratings with a text). Null for an
 * account that is gone or blocked.
 */
export async function trustProfile(userId: number, language: Language, reviews = 3): Promise<TrustView | null> {
  const db = getDb();
  const newest = db
    .selectFrom("user_ratings as r")
    .leftJoin("users as rater", "rater.id", "r.rater_id")
    .select(["r.id", "r.stars", "r.body", "rater.name as by", "r.created_at as at", "r.answer"])
    .where("r.rated_id", "=", userId)
    .where("r.counted", "=", true)
    .where("r.removed_at", "is", null)
    .where("r.body", "<>", "")
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(reviews);
  const row = await db
    .selectFrom("users as u")
    .leftJoin("user_trust_stats as s", "s.user_id", "u.id")
    .leftJoinLateral(
      db
        .selectFrom(newest.as("n"))
        .select(sql<ReviewRow[]>`coalesce(json_agg(n order by n.at desc, n.id desc), '[]')`.as("reviews"))
        .as("shown"),
      (join) => join.onTrue(),
    )
    .select(["u.created_at", "u.email_verified_at", "shown.reviews"])
    .select(["s.received_conversations", "s.answered_conversations", "s.reply_median_minutes"])
    .select(["s.live_adverts", "s.sold_adverts", "s.rating_count", "s.rating_average"])
    .where("u.id", "=", userId)
    .where("u.blocked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const received = row.received_conversations ?? 0;
  const answered = row.answered_conversations ?? 0;
  const enough = received >= MIN_CONVERSATIONS_SHOWN;
  const count = row.rating_count ?? 0;
  const since = new Date(row.created_at);
  return {
    memberSince: { iso: since.toISOString(), text: formatMonthYear(since, language) },
    emailVerified: row.email_verified_at !== null,
    liveAdverts: row.live_adverts ?? 0,
    soldAdverts: row.sold_adverts ?? 0,
    rating: count > 0 && row.rating_average !== null ? { average: averageText(Number(row.rating_average), language), count } : null,
    replyHours: enough && answered > 0 && row.reply_median_minutes !== null ? Math.max(1, Math.ceil(row.reply_median_minutes / 60)) : null,
    answerRate: enough ? Math.round((answered / received) * 100) : null,
    reviews: (row.reviews ?? []).map((review) => ({
      id: review.id,
      stars: review.stars,
      body: review.body,
      bodyLang: userTextLang(review.body, language),
      by: review.by,
      at: displayDate(new Date(review.at), language),
      answer: review.answer,
      answerLang: review.answer ? userTextLang(review.answer, language) : undefined,
    })),
  };
}
