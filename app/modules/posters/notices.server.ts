import { z } from "zod";
import type { Kysely } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { DB, Locale } from "#db/schema.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import type { NoticeKind } from "#db/schema.ts";
import { eventNoticeMail } from "./mails/event-notice.ts";

// What organisers and staff send to the people going to an event (poster_notices): an
// announcement, a cancelled date, a moved date. The notice is stored first (in the caller's
// transaction, when it has one); its mail job is queued after the commit (`mailNotice`), so the
// worker never looks for a notice that is not there yet. The job mails everyone with a mark on
// the date (going or waiting; the whole event's coming dates for a notice without a date) who
// has a confirmed address and is not blocked, each once: claimed in poster_notice_mails.

export type NewNotice = {
  posterId: number;
  /** The date concerned; null: every coming date of the event. */
  occurrenceId: number | null;
  kind: NoticeKind;
  authorId: number | null;
  body?: string;
};

/** Stores a notice; queue its mail with `mailNotice` once the transaction has committed. */
export async function recordNotice(db: Kysely<DB>, notice: NewNotice): Promise<number> {
  const row = await db
    .insertInto("poster_notices")
    .values({
      poster_id: notice.posterId,
      occurrence_id: notice.occurrenceId,
      kind: notice.kind,
      author_id: notice.authorId,
      body: notice.body?.trim() ?? "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const noticePayload = z.object({ noticeId: z.number().int().positive() });

type Recipient = { userId: number; email: string; name: string; locale: Locale };

async function recipients(db: Kysely<DB>, noticeId: number): Promise<Recipient[]> {
  const rows = await db
    .selectFrom("poster_notices as n")
    .innerJoin("poster_occurrences as o", (join) =>
      join
        .onRef("o.poster_id", "=", "n.poster_id")
        .on((eb) =>
          eb.or([
            eb("o.id", "=", eb.ref("n.occurrence_id")),
            eb.and([eb("n.occurrence_id", "is", null), eb(eb.fn.coalesce("o.ends_at", "o.starts_at"), ">=", eb.ref("n.created_at"))]),
          ]),
        ),
    )
    .innerJoin("poster_rsvps as r", "r.occurrence_id", "o.id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["u.id as userId", "u.email", "u.name", "u.preferred_locale as locale"])
    .distinct()
    .where("n.id", "=", noticeId)
    .where("u.blocked_at", "is", null)
    .where("u.email_verified_at", "is not", null)
    .orderBy("u.id")
    .execute();
  return rows;
}

async function sendNoticeMails({ noticeId }: z.infer<typeof noticePayload>): Promise<void> {
  const db = getDb();
  const notice = await db
    .selectFrom("poster_notices as n")
    .innerJoin("posters as p", "p.id", "n.poster_id")
    .leftJoin("poster_occurrences as o", "o.id", "n.occurrence_id")
    .select(["n.kind", "n.body", "p.slug", "p.title_uk", "p.title_en", "o.id as occurrence_id", "o.starts_at", "o.ends_at"])
    .where("n.id", "=", noticeId)
    .executeTakeFirst();
  if (!notice) return;
  await sendEachOnce(await recipients(db, noticeId), {
    claim: async (to) =>
      (await db
        .insertInto("poster_notice_mails")
        .values({ notice_id: noticeId, user_id: to.userId })
        .onConflict((oc) => oc.columns(["notice_id", "user_id"]).doNothing())
        .returning("user_id")
        .executeTakeFirst()) !== undefined,
    send: async (to) => {
      const language = languageOf(to.locale);
      const site = await siteNameIn(language);
      const path = `/poster/${notice.slug}${notice.occurrence_id ? `?date=${notice.occurrence_id}` : ""}`;
      const link = new URL(localizePath(path, to.locale), publicOrigin()).href;
      await sendTemplateMail(
        eventNoticeMail,
        {
          kind: notice.kind as NoticeKind,
          name: to.name || to.email,
          site,
          title: { uk: notice.title_uk, en: notice.title_en },
          startsAt: notice.starts_at,
          endsAt: notice.ends_at,
          body: notice.body,
          link,
        },
        { to: to.email, language, link, fromName: site },
      );
    },
    release: (to) => db.deleteFrom("poster_notice_mails").where("notice_id", "=", noticeId).where("user_id", "=", to.userId).execute(),
    what: "event notice",
    describe: (to) => ({ noticeId, userId: to.userId }),
  });
}

export const eventNoticeJob = defineJob({ name: "mail-event-notice", schema: noticePayload, queue: MAIL_QUEUE, handler: sendNoticeMails });

/** Queues a stored notice's mails (after the transaction that stored it has committed). */
export async function mailNotice(noticeId: number): Promise<void> {
  await enqueue(eventNoticeJob, { noticeId });
}
