import { z } from "zod";

/** A mailed link's token as its page posts it back: what `newToken()` makes, nothing else. */
export const linkTokenSchema = z.object({
  token: z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/),
});
