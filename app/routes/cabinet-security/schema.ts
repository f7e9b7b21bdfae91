import { z } from "zod";

/** The sessions section's forms: sign out one session (by its handle), or every other one. */
export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("session-sign-out"), session: z.string().max(100) }),
  z.object({ intent: z.literal("session-sign-out-others") }),
]);
