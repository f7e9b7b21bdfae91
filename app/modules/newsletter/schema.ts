import { z } from "zod";
import { emailSchema } from "#app/modules/auth/schemas.ts";
import { fromLocalInput } from "#app/modules/staff-content/datetime.ts";
import { NEWSLETTER_LANGUAGES, NEWSLETTER_TOPICS } from "#db/schema.ts";

// The newsletter's forms, shared by the browser (the staff composer) and the server. Messages
// are `newsletter` translation keys.

const topics = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(NEWSLETTER_TOPICS, "newsletter:errors.topic_invalid")).min(1, "newsletter:errors.topics_required"),
);
const language = z.enum(NEWSLETTER_LANGUAGES, "newsletter:errors.language_invalid");
const category = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);

/** What a subscriber chooses: topics, the adverts' category when adverts are chosen, and a language. */
const preferences = z
  .object({ topics, language, advertCategory: category })
  .refine((value) => !value.topics.includes("adverts") || value.advertCategory !== undefined, {
    path: ["advertCategory"],
    message: "newsletter:errors.category_required",
  });

/** The public subscription form (`website` is the field bots fill in). */
export const subscribeSchema = z.intersection(z.object({ email: emailSchema, website: z.string().optional() }), preferences);

/** The manage page and the cabinet's section: new choices (an `intent=unsubscribe` post is not parsed). */
export const manageSchema = z.intersection(z.object({ token: z.string().max(200).optional() }), preferences);

const subject = z.string().trim().min(1, "newsletter:errors.subject_required").max(200, "newsletter:errors.subject_too_long");
const body = z.string().trim().min(1, "newsletter:errors.body_required").max(20_000, "newsletter:errors.body_too_long");

/** The staff composer: a one-off issue in both languages, for some topics or everyone, and what to do with it. */
export const composeSchema = z
  .object({
    subject_uk: subject,
    subject_en: subject,
    body_uk: body,
    body_en: body,
    audience: z.enum(["all", "topics"]).default("all"),
    topics: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.enum(NEWSLETTER_TOPICS, "newsletter:errors.topic_invalid")),
    ),
    scheduled_at: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(40).optional()),
    intent: z.enum(["save", "preview", "test", "schedule", "send"]).default("save"),
  })
  .superRefine((value, ctx) => {
    if (value.audience === "topics" && value.topics.length === 0)
      ctx.addIssue({ code: "custom", path: ["topics"], message: "newsletter:errors.topics_required" });
    if (value.intent === "schedule" && (!value.scheduled_at || !fromLocalInput(value.scheduled_at)))
      ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "newsletter:errors.when_required" });
  });
