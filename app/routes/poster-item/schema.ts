import { z } from "zod";

/** "I'm going" on an event page: the one button toggles the viewer's mark. */
export const rsvpSchema = z.object({ intent: z.literal("rsvp") });
