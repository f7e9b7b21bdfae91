import { z } from "zod";

/** The link's token: the random part of the mailed address (anything else is simply unknown). */
export const linkTokenSchema = z.string().min(1).max(200);
