import { sql } from "kysely";
import { z } from "zod";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { waitlistPromotedMail } from "./mails/waitlist-promoted.ts";

// The mail to someone on a date's waiting list who got a place (rsvp.server.ts promotes them).
// The job claims `poster_rsvps.promotion_mailed_at` before sending, so however often it runs
// (a retry, a duplicate) the person is mailed once; a failed send gives the claim back and the
// queue retries. Only to a confirmed address of an account that is not blocked.

const promotionPayload = z.object({ occurrenceId: z.number().int().positive(), userId: z.number().int().positive() });

type Promotion = z.infer<typeof promotionPayload>;

/** Takes the right to send this promotion's mail; false when it was sent (or is being sent) already, or the place is gone. */
async function claim({ occurrenceId, userId }: Promotion): Promise<boolean> {
  const row = await getDb()
    .updateTable("poster_rsvps")
    .set({ promotion_mailed_at: sql`now()` })
    .where("occurrence_id", "=", occurrenceId)
    .where("user_id", "=", userId)
    .where("status", "=", "going")
    .where("promoted_at", "is not", null)
    .where("promotion_mailed_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

async function release({ occurrenceId, userId }: Promotion): Promise<void> {
  await getDb()
    .updateTable("poster_rsvps")
    .set({ promotion_mailed_at: null })
    .where("occurrence_id", "=", occurrenceId)
    .where("user_id", "=", userId)
    .execute();
}

async function sendPromotionMail(promotion: Promotion): Promise<void> {
  if (!(await claim(promotion))) return;
  const row = await getDb()
    .selectFrom("poster_rsvps as r")
    .innerJoin("poster_occurrences as o", "o.id", "r.occurrence_id")
    .innerJoin("posters", "posters.id", "o.poster_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["u.email", "u.name", "u.preferred_locale", "posters.slug", "posters.title_uk", "posters.title_en", "o.starts_at", "o.ends_at"])
    .where("r.occurrence_id", "=", promotion.occurrenceId)
    .where("r.user_id", "=", promotion.userId)
    .where(publiclyVisible("posters"))
    .where("o.cancelled_at", "is", null)
    .where("u.blocked_at", "is", null)
    .where("u.email_verified_at", "is not", null)
    .executeTakeFirst();
  // Nobody to write to (the event was withdrawn, the date cancelled, the address unconfirmed): the claim stays.
  if (!row) return;
  const language = languageOf(row.preferred_locale);
  const site = await siteNameIn(language);
  const link = new URL(localizePath(`/poster/${row.slug}?date=${promotion.occurrenceId}`, row.preferred_locale), publicOrigin()).href;
  try {
    await sendTemplateMail(
      waitlistPromotedMail,
      {
        name: row.name || row.email,
        site,
        title: { uk: row.title_uk, en: row.title_en },
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        link,
      },
      { to: row.email, language, link, fromName: site },
    );
  } catch (error) {
    await release(promotion);
    throw error;
  }
}

export const waitlistPromotedJob = defineJob({
  name: "mail-waitlist-promoted",
  schema: promotionPayload,
  queue: MAIL_QUEUE,
  handler: sendPromotionMail,
});

/** Queues the mails of those who just got a place on the date (after the transaction that gave it has committed). */
export async function mailPromotions(occurrenceId: number, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) await enqueue(waitlistPromotedJob, { occurrenceId, userId });
}
