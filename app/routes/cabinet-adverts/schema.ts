import { z } from "zod";
import { idSchema } from "#app/platform/http/ids.ts";

/** The cabinet list's row actions (editing has its own page). */
export const advertActionSchema = z.object({
  intent: z.enum(["renew", "raise", "sold", "archive", "delete"]),
  id: idSchema,
});
