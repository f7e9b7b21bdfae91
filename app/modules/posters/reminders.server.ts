import type { Kysely } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { DB, Locale } from "#db/schema.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { eventReminderMail, type RemindedEvent } from "./mails/event-reminder.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";
import { queuePush } from "#app/modules/push/send.server.ts";

// The mail the day before a date of an event to everyone going to that date (not those still
// on its waiting list), in their language. A scan (job `event-reminders`) finds the marks on
// dates of public events starting within the next day (the date's own start: a series' date or
// a moved one), leaving cancelled dates out; each mail is claimed in poster_reminders (date and
// user) before it is sent, so it goes once whatever the number of processes, scans, or
// undo-and-redo of the mark; a failed send gives the claim back for the next scan.

const REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

type DueEventReminder = RemindedEvent & {
  posterId: number;
  occurrenceId: number;
  userId: number;
  email: string;
  name: string;
  locale: Locale;
  slug: string;
};

/** Going marks on dates of public events starting in (now, now + 1 day] whose reminder has not been sent. */
async function dueEventReminders(db: Kysely<DB>, now: Date, limit = BATCH): Promise<DueEventReminder[]> {
  const rows = await db
    .selectFrom("poster_rsvps as r")
    .innerJoin("poster_occurrences as o", "o.id", "r.occurrence_id")
    .innerJoin("posters as p", "p.id", "o.poster_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .leftJoin("locations as l", "l.id", "p.location_id")
    .select(["p.id as poster_id", "r.occurrence_id", "r.user_id", "u.email", "u.name", "u.preferred_locale"])
    .select(["p.slug", "p.title_uk", "p.title_en", "p.venue_uk", "p.venue_en", "p.address", "o.starts_at", "o.ends_at"])
    .select(["l.name_uk as town_uk", "l.name_en as town_en"])
    .where(publiclyVisible("posters", "p"))
    .where("r.status", "=", "going")
    .where("o.cancelled_at", "is", null)
    .where("u.blocked_at", "is", null)
    // Only to a confirmed address: marking an event must not let anyone mail a stranger's inbox.
    .where("u.email_verified_at", "is not", null)
    .where("o.starts_at", ">", now)
    .where("o.starts_at", "<=", new Date(now.getTime() + REMINDER_WINDOW_MS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("poster_reminders as m")
            .select("m.occurrence_id")
            .whereRef("m.occurrence_id", "=", "r.occurrence_id")
            .whereRef("m.user_id", "=", "r.user_id"),
        ),
      ),
    )
    .orderBy("o.starts_at")
    .orderBy("r.occurrence_id")
    .orderBy("r.user_id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    posterId: row.poster_id,
    occurrenceId: row.occurrence_id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    locale: row.preferred_locale,
    slug: row.slug,
    title: { uk: row.title_uk, en: row.title_en },
    venue: { uk: row.venue_uk, en: row.venue_en },
    address: row.address,
    town: { uk: row.town_uk, en: row.town_en },
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
  }));
}

/** The reminder in the user's language: what, when, where, and the event's page at that date. */
async function sendEventReminder(due: DueEventReminder): Promise<void> {
  const language = languageOf(due.locale);
  const site = await siteNameIn(language);
  const link = new URL(localizePath(`/poster/${due.slug}?date=${due.occurrenceId}`, due.locale), publicOrigin()).href;
  const data = {
    name: due.name || due.email,
    site,
    title: due.title,
    venue: due.venue,
    address: due.address,
    town: due.town,
    startsAt: due.startsAt,
    endsAt: due.endsAt,
    link,
  };
  // Before the mail: a failed mail gives the claim back, and the next scan's push (same key) reaches no device twice.
  await queuePush({
    userId: due.userId,
    kind: "event",
    path: `/poster/${due.slug}?date=${due.occurrenceId}`,
    key: `event:${due.occurrenceId}`,
  });
  await sendTemplateMail(eventReminderMail, data, { to: due.email, language, link, fromName: site });
}

/** One scan: every due reminder claimed, composed and sent. Returns how many were sent. */
export async function sendEventReminders(now = new Date(), db: Kysely<DB> = getDb()): Promise<number> {
  return sendEachOnce(await dueEventReminders(db, now), {
    claim: async (reminder) =>
      (await db
        .insertInto("poster_reminders")
        .values({ poster_id: reminder.posterId, occurrence_id: reminder.occurrenceId, user_id: reminder.userId, sent_at: now })
        .onConflict((oc) => oc.columns(["occurrence_id", "user_id"]).doNothing())
        .returning("occurrence_id")
        .executeTakeFirst()) !== undefined,
    send: sendEventReminder,
    release: (reminder) =>
      db.deleteFrom("poster_reminders").where("occurrence_id", "=", reminder.occurrenceId).where("user_id", "=", reminder.userId).execute(),
    what: "event reminder",
    describe: (reminder) => ({ occurrenceId: reminder.occurrenceId, userId: reminder.userId }),
  });
}

/** The scan, every 10 minutes, that mails those going to a date of an event the day before. Each mail is claimed in poster_reminders before it is sent, and released when sending fails: the next scan retries it. */
export const eventRemindersJob = defineScanJob({
  name: "event-reminders",
  schedule: { cron: "*/10 * * * *", atStart: true },
  scan: sendEventReminders,
});
