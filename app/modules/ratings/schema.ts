import { z } from "zod";
import { idSchema } from "#app/platform/http/ids.ts";
import { ANSWER_MAX_LENGTH, RATING_REPORT_REASONS, RATING_TEXT_MAX_LENGTH } from "./limits.ts";

// The rating forms, checked by the server. Messages are `cabinet` translation keys.

const stars = z.coerce
  .number({ error: "cabinet:ratings.errors.stars" })
  .int("cabinet:ratings.errors.stars")
  .min(1, "cabinet:ratings.errors.stars")
  .max(5, "cabinet:ratings.errors.stars");

/** "Rate <name>" in a thread: 1–5 stars and an optional short text. */
export const rateSchema = z.object({
  intent: z.literal("rate"),
  stars,
  body: z
    .string()
    .trim()
    .max(RATING_TEXT_MAX_LENGTH, `cabinet:ratings.errors.too_long|${JSON.stringify({ max: RATING_TEXT_MAX_LENGTH })}`)
    .optional(),
});

/** The rated person's one public answer. */
export const answerSchema = z.object({
  intent: z.literal("answer"),
  rating: idSchema,
  answer: z
    .string({ error: "cabinet:ratings.errors.answer_empty" })
    .trim()
    .min(1, "cabinet:ratings.errors.answer_empty")
    .max(ANSWER_MAX_LENGTH, `cabinet:ratings.errors.too_long|${JSON.stringify({ max: ANSWER_MAX_LENGTH })}`),
});

/** A report of a rating from the seller page. */
export const reportRatingSchema = z.object({
  intent: z.literal("report_rating"),
  rating: idSchema,
  reason: z.enum(RATING_REPORT_REASONS, "cabinet:ratings.errors.reason_required"),
});
