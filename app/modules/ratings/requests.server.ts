import { sql } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { blockedBetween } from "#app/modules/messages/blocks.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { MIN_MESSAGES_EACH, RATE_FROM_MS, RATE_UNTIL_MS } from "./limits.ts";
import { ratingRequestMail } from "./mails/rating-request.ts";

// The mail asking each party of a conversation to rate the other, once the conversation may
// be rated (a day after it began, both having written enough, no block). A scan (job
// `rating-requests`) finds them; each mail is claimed in rating_requests (conversation and
// party) before it is sent, so it goes once whatever the number of processes or scans; a
// failed send gives the claim back for the next scan. Nobody who turned message mail off
// gets one, nor anyone who already rated.

const BATCH = 200;

async function dueRequests(now: Date) {
  const delivered = (who: "buyer_id" | "seller_id") =>
    sql<boolean>`(select count(*) from messages m where m.conversation_id = c.id and m.held_at is null and m.sender_id = ${sql.ref(`c.${who}`)}) >= ${MIN_MESSAGES_EACH}`;
  return getDb()
    .selectFrom("conversations as c")
    .innerJoin("users as u", (join) => join.on(sql<boolean>`u.id in (c.buyer_id, c.seller_id)`))
    .innerJoin("users as other", (join) =>
      join.on(sql<boolean>`other.id = case when c.buyer_id = u.id then c.seller_id else c.buyer_id end`),
    )
    .select([
      "c.id as conversation_id",
      "c.advert_title",
      "u.id as user_id",
      "u.email",
      "u.name",
      "u.preferred_locale",
      "other.name as other_name",
    ])
    .where("c.held", "=", false)
    .where("c.created_at", "<=", new Date(now.getTime() - RATE_FROM_MS))
    .where("c.created_at", ">", new Date(now.getTime() - RATE_UNTIL_MS))
    .where("u.blocked_at", "is", null)
    .where("other.blocked_at", "is", null)
    .where("u.message_mail", "<>", "off")
    .where(delivered("buyer_id"))
    .where(delivered("seller_id"))
    .where(sql<boolean>`not ${blockedBetween(sql.ref("c.buyer_id"), sql.ref("c.seller_id"))}`)
    .where(sql<boolean>`not exists (select 1 from user_ratings r where r.conversation_id = c.id and r.rater_id = u.id)`)
    .where(sql<boolean>`not exists (select 1 from rating_requests q where q.conversation_id = c.id and q.user_id = u.id)`)
    .orderBy("c.id")
    .orderBy("u.id")
    .limit(BATCH)
    .execute();
}

/** One scan: every due request claimed, composed and sent. Returns how many were sent. */
export async function sendRatingRequests(now = new Date()): Promise<number> {
  const db = getDb();
  return sendEachOnce(await dueRequests(now), {
    claim: async (due) =>
      (await db
        .insertInto("rating_requests")
        .values({ conversation_id: due.conversation_id, user_id: due.user_id, sent_at: now })
        .onConflict((oc) => oc.columns(["conversation_id", "user_id"]).doNothing())
        .returning("user_id")
        .executeTakeFirst()) !== undefined,
    send: async (due) => {
      const language = languageOf(due.preferred_locale);
      const site = await siteNameIn(language);
      const link = new URL(localizePath(`/cabinet/messages/${due.conversation_id}`, due.preferred_locale), publicOrigin()).href;
      await sendTemplateMail(
        ratingRequestMail,
        { name: due.name || due.email, site, other: due.other_name, title: due.advert_title, link },
        { to: due.email, language, link, fromName: site },
      );
    },
    release: (due) =>
      db.deleteFrom("rating_requests").where("conversation_id", "=", due.conversation_id).where("user_id", "=", due.user_id).execute(),
    what: "rating request",
    describe: (due) => ({ conversationId: due.conversation_id, userId: due.user_id }),
  });
}

/** The scan, every 15 minutes, that asks the parties of conversations that may now be rated to rate each other. */
export const ratingRequestsJob = defineScanJob({
  name: "rating-requests",
  schedule: { cron: "*/15 * * * *" },
  scan: sendRatingRequests,
});
