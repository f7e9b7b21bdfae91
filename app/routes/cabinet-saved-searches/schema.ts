import { z } from "zod";
import { idSchema } from "#app/platform/http/ids.ts";
import { ALERT_FREQUENCIES } from "#db/schema.ts";
import { savedSearchName } from "#app/modules/saved-searches/schema.ts";

const id = idSchema;

/** The cabinet's row actions on a saved search. */
export const savedSearchRowSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), id, name: savedSearchName }),
  z.object({ intent: z.literal("alert"), id, alert: z.enum(ALERT_FREQUENCIES) }),
  z.object({ intent: z.literal("delete"), id }),
]);
