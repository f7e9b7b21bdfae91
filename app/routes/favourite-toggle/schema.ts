import { z } from "zod";
import { idSchema } from "#app/platform/http/ids.ts";

/** The save toggle on advert cards and pages, and "remove" in the cabinet's favourites. */
export const favouriteSchema = z.object({
  intent: z.enum(["save", "remove"]),
  advertId: idSchema,
  returnTo: z.string().max(2000).optional(),
  /** Sent by the JS toggle: answer with data instead of a redirect, so it stays in place. */
  inline: z.literal("1").optional(),
});
