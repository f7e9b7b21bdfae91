import { z } from "zod";
import { fromLocalDateInput } from "#app/modules/staff-content/datetime.ts";
import { DOCUMENT_LABEL_MAX, DOCUMENT_NOTE_MAX, REMINDER_THRESHOLDS, USER_DOCUMENT_KINDS } from "#app/modules/user-documents/limits.ts";

const E = "cabinet:documents.errors";

/** A document's fields: "other" needs its own label; the date is typed in the page's format (or ISO). */
export const documentFieldsSchema = z
  .object({
    kind: z.enum(USER_DOCUMENT_KINDS, `${E}.kind`),
    label: z.string().trim().max(DOCUMENT_LABEL_MAX, `${E}.label_too_long`).optional(),
    expires_on: z
      .string({ error: `${E}.date_required` })
      .trim()
      .min(1, `${E}.date_required`)
      .refine((value) => fromLocalDateInput(value) !== null, `${E}.date_invalid`),
    note: z.string().trim().max(DOCUMENT_NOTE_MAX, `${E}.note_too_long`).optional(),
  })
  .refine((value) => value.kind !== "other" || Boolean(value.label), { path: ["label"], message: `${E}.label_required` });

export const documentIntentSchema = z.object({ intent: z.enum(["add", "edit", "delete", "thresholds"]) });

const THRESHOLD_VALUES = REMINDER_THRESHOLDS.map(String) as [string, ...string[]];

/** The reminder thresholds: any of the offered ones, none ticked means no reminders. */
export const thresholdsSchema = z.object({
  days: z.array(z.enum(THRESHOLD_VALUES, `${E}.days`)).default([]),
});
