import { z } from "zod";
import { base64urlSchema } from "./schemas.ts";

/** A mailed link's token as its page posts it back: what `newToken()` makes, nothing else. */
export const linkTokenSchema = z.object({
  token: base64urlSchema(20, 200),
});
