import { USER_DOCUMENT_KINDS } from "#db/schema.ts";

// What a user may keep about a document (migrations/0043): shared by the form's schema, the
// module and the page.

export { USER_DOCUMENT_KINDS };
export const MAX_USER_DOCUMENTS = 20;
export const DOCUMENT_LABEL_MAX = 60;
export const DOCUMENT_NOTE_MAX = 200;
/** The thresholds (days before the expiry) a user may choose, largest first. */
export const REMINDER_THRESHOLDS = [90, 60, 30, 14, 7, 1] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `today` to `day` (both "YYYY-MM-DD"); negative once past. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}
