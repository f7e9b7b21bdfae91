import { z } from "zod";
import { STATE_ACTIONS } from "#app/modules/staff-content/actions.ts";
import { listQuerySchema } from "#app/modules/staff-content/list-query.ts";
import { idSchema } from "#app/platform/http/ids.ts";

/** A bulk action: which, on which rows (the ticked ones, or all the filter shows), under which filter. */
export const bulkFormSchema = listQuerySchema.pick({ status: true, category: true, author: true, q: true, view: true }).extend({
  action: z.enum(STATE_ACTIONS),
  scope: z.enum(["selected", "all"]).catch("selected"),
  ids: z.array(idSchema).max(1000).catch([]),
});
