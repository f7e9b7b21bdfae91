import { z } from "zod";
import { STATE_ACTIONS } from "~/modules/staff-content/actions";
import { listQuerySchema } from "~/modules/staff-content/list-query";
import { idSchema } from "~/modules/http/ids";

/** A bulk action: which, on which rows (the ticked ones, or all the filter shows), under which filter. */
export const bulkFormSchema = listQuerySchema.pick({ status: true, category: true, author: true, q: true, view: true }).extend({
  action: z.enum(STATE_ACTIONS),
  scope: z.enum(["selected", "all"]).catch("selected"),
  ids: z.array(idSchema).max(1000).catch([]),
});
