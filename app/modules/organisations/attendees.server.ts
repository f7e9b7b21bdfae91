import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { mailNotice, recordNotice } from "#app/modules/posters/notices.server.ts";
import { scheduleText } from "#app/modules/posters/posters.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// The organiser's view of an event: per coming date, who is going and who waits (names only,
// never addresses), read straight from poster_rsvps; and announcements to them, at most
// ANNOUNCEMENTS_PER_DAY per event in any 24 hours, each mailed through the notices' job.

export const ANNOUNCEMENTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AttendeeDate = {
  id: number;
  schedule: string;
  cancelled: boolean;
  going: string[];
  waiting: string[];
};

/** The event's dates that are not over, soonest first, with their attendees in the order they signed up. */
export async function attendeesByDate(posterId: number, language: Language, limit = 24): Promise<AttendeeDate[]> {
  const db = getDb();
  const dates = await db
    .selectFrom("poster_occurrences")
    .select(["id", "starts_at", "ends_at", "cancelled_at"])
    .where("poster_id", "=", posterId)
    .where(sql<Date>`coalesce(ends_at, starts_at)`, ">=", sql<Date>`now()`)
    .orderBy("starts_at")
    .limit(limit)
    .execute();
  if (dates.length === 0) return [];
  const marks = await db
    .selectFrom("poster_rsvps as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.occurrence_id", "r.status", "u.name"])
    .where(
      "r.occurrence_id",
      "in",
      dates.map((date) => date.id),
    )
    .orderBy("r.created_at")
    .orderBy("r.user_id")
    .execute();
  return dates.map((date) => {
    const mine = marks.filter((mark) => mark.occurrence_id === date.id);
    const names = (status: string) => mine.filter((mark) => mark.status === status).map((mark) => mark.name || "—");
    return {
      id: date.id,
      schedule: scheduleText(date.starts_at, date.ends_at, language),
      cancelled: date.cancelled_at !== null,
      going: names("going"),
      waiting: names("waiting"),
    };
  });
}

export type AnnounceOutcome = { kind: "sent"; noticeId: number } | { kind: "no_date" } | { kind: "limited"; retryAfterSeconds: number };

/** Stores an announcement (audited) unless the event had its ANNOUNCEMENTS_PER_DAY in the last 24 hours; mails it after the commit. */
export async function announce(input: {
  posterId: number;
  /** A coming date of the event, or null for all of them. */
  occurrenceId: number | null;
  body: string;
  actorId: number;
  now?: Date;
}): Promise<AnnounceOutcome> {
  const now = input.now ?? new Date();
  const outcome = await getDb()
    .transaction()
    .execute(async (trx): Promise<AnnounceOutcome> => {
      // One announcement of an event at a time, so two sent at once are counted one after the other.
      await trx.selectFrom("posters").select("id").where("id", "=", input.posterId).forUpdate().executeTakeFirstOrThrow();
      if (input.occurrenceId !== null) {
        const date = await trx
          .selectFrom("poster_occurrences")
          .select("id")
          .where("id", "=", input.occurrenceId)
          .where("poster_id", "=", input.posterId)
          .where(sql<Date>`coalesce(ends_at, starts_at)`, ">=", now)
          .executeTakeFirst();
        if (!date) return { kind: "no_date" };
      }
      const recent = await trx
        .selectFrom("poster_notices")
        .select("created_at")
        .where("poster_id", "=", input.posterId)
        .where("kind", "=", "announcement")
        .where("created_at", ">", new Date(now.getTime() - DAY_MS))
        .orderBy("created_at", "desc")
        .limit(ANNOUNCEMENTS_PER_DAY)
        .execute();
      if (recent.length >= ANNOUNCEMENTS_PER_DAY) {
        // A slot frees when the oldest of the last ANNOUNCEMENTS_PER_DAY leaves the 24 hours.
        const oldest = new Date(recent[recent.length - 1]!.created_at).getTime();
        return { kind: "limited", retryAfterSeconds: Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000)) };
      }
      const noticeId = await recordNotice(trx, {
        posterId: input.posterId,
        occurrenceId: input.occurrenceId,
        kind: "announcement",
        authorId: input.actorId,
        body: input.body,
      });
      await recordAudit(trx, {
        actorId: input.actorId,
        action: "announce",
        entityType: "posters",
        entityId: input.posterId,
        before: null,
        after: { notice_id: noticeId, occurrence_id: input.occurrenceId, body: input.body.trim() },
      });
      return { kind: "sent", noticeId };
    });
  if (outcome.kind === "sent") await mailNotice(outcome.noticeId);
  return outcome;
}

/** Whether the user is an accepted member of the event's organisation (the event page's link to its attendees). */
export async function organiserOf(posterId: number, userId: number): Promise<number | null> {
  const row = await getDb()
    .selectFrom("posters as p")
    .innerJoin("organisation_members as m", "m.diaspora_id", "p.organisation_id")
    .select("p.organisation_id")
    .where("p.id", "=", posterId)
    .where("m.user_id", "=", userId)
    .where("m.accepted_at", "is not", null)
    .executeTakeFirst();
  return row?.organisation_id ?? null;
}
