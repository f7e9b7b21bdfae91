import { z } from "zod";

/** "I'm going" on an event page: the one button toggles the viewer's mark on the date shown (`date`: its poster_occurrences id). */
export const rsvpSchema = z.object({
  intent: z.literal("rsvp"),
  // Digits only, within PostgreSQL's integer: junk is a 400 here, never a database error.
  date: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
});
