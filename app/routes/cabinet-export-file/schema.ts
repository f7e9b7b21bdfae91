import { z } from "zod";

/** The export form has one button; anything else posted is refused. */
export const exportSchema = z.object({ intent: z.literal("export") });
