import { z } from "zod";
import { idNumberSchema } from "#app/platform/http/ids.ts";
import { fromLocalInput } from "#app/modules/staff-content/datetime.ts";
import { errors } from "#app/modules/staff-content/form-schema.ts";

// One date of an event (its "Dates" section, posters only): cancel it, move it, restore it.
// The times are written as the editor's (staff-content/datetime.ts).

const note = z.string().trim().max(500, errors.tooLong(500)).optional();
const occurrence = idNumberSchema;
const moment = z.string({ error: errors.required }).refine((input) => fromLocalInput(input) !== null, errors.datetime);

export const dateCancelSchema = z.object({ intent: z.literal("date_cancel"), occurrence, note_uk: note, note_en: note });

export const dateMoveSchema = z
  .object({ intent: z.literal("date_move"), occurrence, starts_at: moment, ends_at: moment.optional(), note_uk: note, note_en: note })
  .superRefine((value, ctx) => {
    const starts = fromLocalInput(value.starts_at);
    const ends = value.ends_at ? fromLocalInput(value.ends_at) : null;
    if (starts && ends && ends < starts) ctx.addIssue({ code: "custom", path: ["ends_at"], message: "admin:errors.ends_before_start" });
  });

const dateRestoreSchema = z.object({ intent: z.literal("date_restore"), occurrence });

export const DATE_SCHEMAS = { date_cancel: dateCancelSchema, date_move: dateMoveSchema, date_restore: dateRestoreSchema } as const;
export type DateIntent = keyof typeof DATE_SCHEMAS;
export const DATE_INTENTS = Object.keys(DATE_SCHEMAS) as DateIntent[];
