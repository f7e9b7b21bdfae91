import { z } from "zod";
import { errors, SLUG_PATTERN } from "#app/modules/staff-content/form-schema.ts";
import { idNumberSchema, INT4_MAX } from "#app/platform/http/ids.ts";
import { POINT_PAIR_MESSAGE, pointPairIssue, pointShape } from "#app/modules/staff-content/point-schema.ts";

// Forms of the taxonomy editors (categories, tags, locations). Shared by client and server.

const name = z.string({ error: errors.required }).trim().min(1, errors.required).max(120, errors.tooLong(120));
const slug = z.string().trim().toLowerCase().max(80, errors.tooLong(80)).regex(SLUG_PATTERN, errors.slug).optional();

// Both names are required: an English page shows only English taxonomy names.
export const termSchema = z.object({ name_uk: name, name_en: name, slug });
// A location may have a point: distances on the lists are measured from it.
export const locationSchema = termSchema.extend(pointShape).superRefine((value, ctx) => {
  const missing = pointPairIssue(value);
  if (missing) ctx.addIssue({ code: "custom", path: [missing], message: POINT_PAIR_MESSAGE });
});

export const categorySchema = termSchema.extend({ parent_id: idNumberSchema.optional() });
export const mergeTagsSchema = z.object({
  source_ids: z.array(idNumberSchema, { error: "admin:tags.merge_pick" }).min(1, "admin:tags.merge_pick"),
  target_id: z.number({ error: "admin:tags.merge_target" }).int().positive().max(INT4_MAX),
});

export type TermValue = z.infer<typeof termSchema> & { latitude?: number; longitude?: number };
