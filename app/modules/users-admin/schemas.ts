import { z } from "zod";
import { USER_ROLES } from "#db/schema.ts";
import { errors } from "#app/modules/staff-content/form-schema.ts";
import { SOCIAL_NETWORKS } from "#app/modules/staff-content/types.ts";
import { idNumberSchema } from "#app/platform/http/ids.ts";
import { SCAM_WORD_MAX_LENGTH, SCAM_WORDS_MAX_LINES, scamWordsProblem } from "#app/modules/messages/scam-signals.ts";
import { BANNED_WORD_MAX_LENGTH, BANNED_WORDS_MAX_LINES, bannedWordsProblem } from "#app/modules/moderation/banned-words.ts";
import { BLOCKED_DOMAINS_MAX_LINES, blockedDomainsProblem } from "#app/modules/auth/email-domains.ts";

// Forms of the admin's settings and users pages. Shared by client and server.

const optionalText = (max: number) => z.string().trim().max(max, errors.tooLong(max)).optional();
const url = z
  .string()
  .trim()
  .max(500, errors.tooLong(500))
  .refine((value) => /^https?:\/\/\S+$/i.test(value) && URL.canParse(value), errors.url)
  .optional();
const count = (min: number, max: number) =>
  z.number({ error: errors.number }).int(errors.number).min(min, errors.range(min, max)).max(max, errors.range(min, max));

/** A scam word list: at most SCAM_WORDS_MAX_LINES lines of at most SCAM_WORD_MAX_LENGTH characters; empty is no words. */
const scamWords = z
  .string()
  .superRefine((value, context) => {
    const problem = scamWordsProblem(value);
    if (!problem) return;
    const message =
      "tooMany" in problem
        ? `admin:settings.scam_words_too_many|${JSON.stringify({ max: SCAM_WORDS_MAX_LINES })}`
        : `admin:settings.scam_word_too_long|${JSON.stringify({ line: problem.tooLong, max: SCAM_WORD_MAX_LENGTH })}`;
    context.addIssue({ code: "custom", message });
  })
  .optional();

/** The banned words: the same rules as the scam words, with their own limits. */
const bannedWords = z
  .string()
  .superRefine((value, context) => {
    const problem = bannedWordsProblem(value);
    if (!problem) return;
    const message =
      "tooMany" in problem
        ? `admin:settings.scam_words_too_many|${JSON.stringify({ max: BANNED_WORDS_MAX_LINES })}`
        : `admin:settings.scam_word_too_long|${JSON.stringify({ line: problem.tooLong, max: BANNED_WORD_MAX_LENGTH })}`;
    context.addIssue({ code: "custom", message });
  })
  .optional();

/** The blocked email domains: one domain name per line. */
const blockedDomains = z
  .string()
  .superRefine((value, context) => {
    const problem = blockedDomainsProblem(value);
    if (!problem) return;
    const message =
      "tooMany" in problem
        ? `admin:settings.scam_words_too_many|${JSON.stringify({ max: BLOCKED_DOMAINS_MAX_LINES })}`
        : `admin:settings.domain_invalid|${JSON.stringify({ line: problem.notDomain })}`;
    context.addIssue({ code: "custom", message });
  })
  .optional();

export const settingsSchema = z.object({
  site_name_uk: z.string({ error: errors.required }).trim().min(1, errors.required).max(120, errors.tooLong(120)),
  site_name_en: optionalText(120),
  contact_email: z
    .string()
    .trim()
    .max(200, errors.tooLong(200))
    .refine((value) => z.email().safeParse(value).success, errors.email)
    .optional(),
  contact_phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{6,40}$/, errors.phone)
    .optional(),
  contact_address_uk: optionalText(300),
  contact_address_en: optionalText(300),
  ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [`social_${network}`, url])),
  advert_moderation: z.boolean().optional(),
  staff_two_factor: z.boolean().optional(),
  advert_lifetime_days: count(1, 365),
  advert_max_images: count(0, 30),
  adverts_per_user_per_day: count(0, 1000),
  advert_reminder_days: count(0, 60),
  advert_raise_interval_days: count(1, 365),
  scam_payment_words: scamWords,
  scam_messenger_words: scamWords,
  flag_hold_threshold: count(0, 50),
  guide_outdated_months: count(1, 120),
  banned_words: bannedWords,
  blocked_email_domains: blockedDomains,
  newsletter_day: count(0, 6),
  newsletter_time: z
    .string({ error: "newsletter:errors.time_invalid" })
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "newsletter:errors.time_invalid"),
  newsletter_rate: count(1, 10_000),
});

export type SettingsValue = z.infer<typeof settingsSchema> & Record<string, unknown>;

export const userRoleSchema = z.object({ user_id: idNumberSchema, role: z.enum(USER_ROLES) });
export const userBlockSchema = z.object({ user_id: idNumberSchema, blocked: z.enum(["yes", "no"]) });
