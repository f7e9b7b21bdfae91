import type { Kysely } from "kysely";
import type { DB, UserDocumentKind } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { siteDay } from "#app/platform/format/dates.ts";
import { daysBetween, MAX_USER_DOCUMENTS, REMINDER_THRESHOLDS, type ReminderThreshold } from "./limits.ts";

// A user's own documents and their reminder thresholds. Every read and write takes the user, so
// another user's document is not found (the page answers 404); no staff page or export reads them.

export type DocumentInput = { kind: UserDocumentKind; label: string | null; expiresOn: string; note: string | null };
export type UserDocumentView = DocumentInput & { id: number; daysLeft: number };

/** A date column (a Date at UTC midnight) as its day "YYYY-MM-DD". */
export function dayOf(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** The user's documents, soonest expiry first, with the days left in the site's calendar. */
export async function listDocuments(userId: number, now = new Date(), db: Kysely<DB> = getDb()): Promise<UserDocumentView[]> {
  const rows = await db
    .selectFrom("user_documents")
    .select(["id", "kind", "label", "expires_on", "note"])
    .where("user_id", "=", userId)
    .orderBy("expires_on")
    .orderBy("id")
    .execute();
  const today = siteDay(now);
  return rows.map((row) => {
    const expiresOn = dayOf(row.expires_on);
    return { id: row.id, kind: row.kind, label: row.label, expiresOn, note: row.note, daysLeft: daysBetween(today, expiresOn) };
  });
}

/** Adds a document; false when the user already has the most they may keep. */
export async function addDocument(userId: number, input: DocumentInput, db: Kysely<DB> = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The user's row lock makes the count and the insert one step for parallel posts.
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirstOrThrow();
    const { count } = await trx
      .selectFrom("user_documents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_USER_DOCUMENTS) return false;
    await trx
      .insertInto("user_documents")
      .values({ user_id: userId, kind: input.kind, label: input.label, expires_on: input.expiresOn, note: input.note })
      .execute();
    return true;
  });
}

/** Changes the user's document; a new expiry date clears its sent reminders. False when it is not theirs. */
export async function updateDocument(userId: number, id: number, input: DocumentInput, db: Kysely<DB> = getDb()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("user_documents")
      .select("expires_on")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    await trx
      .updateTable("user_documents")
      .set({ kind: input.kind, label: input.label, expires_on: input.expiresOn, note: input.note })
      .where("id", "=", id)
      .execute();
    if (dayOf(before.expires_on) !== input.expiresOn)
      await trx.deleteFrom("user_document_reminders").where("document_id", "=", id).execute();
    return true;
  });
}

/** Deletes the user's document (its reminders go with it); false when it is not theirs. */
export async function deleteDocument(userId: number, id: number, db: Kysely<DB> = getDb()): Promise<boolean> {
  const result = await db.deleteFrom("user_documents").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function reminderThresholds(userId: number, db: Kysely<DB> = getDb()): Promise<ReminderThreshold[]> {
  const row = await db.selectFrom("users").select("document_reminder_days").where("id", "=", userId).executeTakeFirstOrThrow();
  return REMINDER_THRESHOLDS.filter((days) => row.document_reminder_days.includes(days));
}

export async function setReminderThresholds(userId: number, days: readonly ReminderThreshold[], db: Kysely<DB> = getDb()): Promise<void> {
  const chosen = REMINDER_THRESHOLDS.filter((threshold) => days.includes(threshold));
  await db.updateTable("users").set({ document_reminder_days: chosen }).where("id", "=", userId).execute();
}

/** The user's documents as the account's data export holds them. */
export async function exportedDocuments(userId: number, db: Kysely<DB>) {
  const rows = await db
    .selectFrom("user_documents")
    .select(["kind", "label", "expires_on", "note"])
    .where("user_id", "=", userId)
    .orderBy("expires_on")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ kind: row.kind, label: row.label, expires_on: dayOf(row.expires_on), note: row.note }));
}
