import { z } from "zod";

/** The cabinet list's row actions (editing has its own page). */
export const advertActionSchema = z.object({
  intent: z.enum(["renew", "sold", "archive", "delete"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
