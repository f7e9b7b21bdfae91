import { z } from "zod";

/** The sign-in link's button: the token travels in the form, never the session. */
export const signInLinkSchema = z.object({
  token: z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/),
});
