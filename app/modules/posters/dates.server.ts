import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { toLocalInput } from "#app/modules/staff-content/datetime.ts";
import { mailNotice, recordNotice } from "./notices.server.ts";
import { comingDates, type PosterDate } from "./posters.server.ts";

// Staff cancel, move and restore one date of an event (poster_occurrences), from its dashboard
// page. A cancelled date keeps its row (the .ics EXDATE) and drops out of the lists; a moved
// one keeps its rule date (`original_starts_at`, the .ics RECURRENCE-ID) and has its own
// times. Cancelling and moving tell those going (a notice stored in the same transaction,
// mailed after the commit); each change is in the audit log as an update of the poster.

export type DateChange =
  | { intent: "date_cancel"; occurrenceId: number; noteUk: string; noteEn: string }
  | { intent: "date_move"; occurrenceId: number; startsAt: Date; endsAt: Date | null; noteUk: string; noteEn: string }
  | { intent: "date_restore"; occurrenceId: number };

/** `not_found`: no such date of this poster; `not_applicable`: the date is not in a state the change applies to. */
export type DateChangeOutcome = "done" | "not_found" | "not_applicable";

/** A date as the dashboard lists it, with its times as the move form shows them. */
export type StaffDate = PosterDate & { startsInput: string; endsInput: string };

/** The poster's coming dates for its dashboard page (cancelled and moved ones included). */
export async function staffDates(posterId: number, language: Language): Promise<StaffDate[]> {
  const dates = await comingDates(posterId, language, 20);
  return dates.map((date) => ({
    ...date,
    startsInput: toLocalInput(date.startsAt, language),
    endsInput: toLocalInput(date.endsAt, language),
  }));
}

function noteBody(noteUk: string, noteEn: string): string {
  return [noteUk.trim(), noteEn.trim()].filter(Boolean).join("\n\n");
}

export async function changeDate(posterId: number, change: DateChange, actorId: number): Promise<DateChangeOutcome> {
  const outcome = await getDb()
    .transaction()
    .execute(async (trx) => {
      const date = await trx
        .selectFrom("poster_occurrences as o")
        .innerJoin("posters as p", "p.id", "o.poster_id")
        .select([
          "o.id",
          "o.starts_at",
          "o.ends_at",
          "o.original_starts_at",
          "o.moved_at",
          "o.cancelled_at",
          "p.starts_at as first_start",
          "p.ends_at as first_end",
        ])
        .where("o.id", "=", change.occurrenceId)
        .where("o.poster_id", "=", posterId)
        .where("p.deleted_at", "is", null)
        .forUpdate("o")
        .executeTakeFirst();
      if (!date) return { result: "not_found" as const };
      const before = {
        date: date.original_starts_at,
        starts_at: date.starts_at,
        ends_at: date.ends_at,
        cancelled: date.cancelled_at !== null,
      };
      let after: Record<string, unknown>;
      let noticeId: number | null = null;
      if (change.intent === "date_restore") {
        if (!date.cancelled_at && !date.moved_at) return { result: "not_applicable" as const };
        // Back to the rule's date, with the event's length.
        const length = date.first_end ? date.first_end.getTime() - date.first_start.getTime() : null;
        const endsAt = length === null ? null : new Date(date.original_starts_at.getTime() + length);
        await trx
          .updateTable("poster_occurrences")
          .set({ cancelled_at: null, moved_at: null, starts_at: date.original_starts_at, ends_at: endsAt, note_uk: null, note_en: null })
          .where("id", "=", date.id)
          .execute();
        after = { date: date.original_starts_at, starts_at: date.original_starts_at, ends_at: endsAt, cancelled: false };
      } else {
        // A cancelled date is restored before it is moved; cancelling twice says nothing new.
        if (date.cancelled_at) return { result: "not_applicable" as const };
        const notes = { note_uk: change.noteUk.trim() || null, note_en: change.noteEn.trim() || null };
        if (change.intent === "date_cancel") {
          await trx
            .updateTable("poster_occurrences")
            .set({ cancelled_at: sql<Date>`now()`, ...notes })
            .where("id", "=", date.id)
            .execute();
          after = { ...before, cancelled: true, ...notes };
        } else {
          await trx
            .updateTable("poster_occurrences")
            .set({ starts_at: change.startsAt, ends_at: change.endsAt, moved_at: sql<Date>`now()`, ...notes })
            .where("id", "=", date.id)
            .execute();
          after = { ...before, starts_at: change.startsAt, ends_at: change.endsAt, ...notes };
        }
        noticeId = await recordNotice(trx, {
          posterId,
          occurrenceId: date.id,
          kind: change.intent === "date_cancel" ? "cancelled" : "moved",
          authorId: actorId,
          body: noteBody(change.noteUk, change.noteEn),
        });
      }
      await recordAudit(trx, { actorId, action: "update", entityType: "posters", entityId: posterId, before, after });
      return { result: "done" as const, noticeId };
    });
  if (outcome.result === "done" && outcome.noticeId !== null) await mailNotice(outcome.noticeId);
  return outcome.result;
}
