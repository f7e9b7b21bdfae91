import { z } from "zod";

/** "This wasn't me": the security mail's token, posted by the page's button. */
export const notMeSchema = z.object({
  token: z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/),
});
