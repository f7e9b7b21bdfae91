import { z } from "zod";
import { SAVED_SEARCH_NAME_MAX } from "./limits.ts";

export const savedSearchName = z
  .string({ error: "cabinet:saved_searches.errors.name_required" })
  .trim()
  .min(1, { error: "cabinet:saved_searches.errors.name_required" })
  .max(SAVED_SEARCH_NAME_MAX, { error: "cabinet:saved_searches.errors.name_too_long" });

/** "Save this search" on the advert lists and the advert search: the name; the page's URL is the search. */
export const createSavedSearchSchema = z.object({ intent: z.literal("save-search"), name: savedSearchName });
