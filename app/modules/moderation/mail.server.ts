import type { Locale } from "#db/schema.ts";
import { languageOf, localizePath, type Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { z } from "zod";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail, type MailTemplate } from "#app/platform/mail/template.server.ts";
import { advertDecisionMail } from "./mails/advert-decision.ts";
import { DECISION_OUTCOMES, type DecisionMailData } from "./mails/decision.ts";

// Messages to an advert's owner about moderation, in the owner's preferred locale. The
// moderator's action queues one; the job worker writes it from the advert as it is then.
// Submitted events, services and organisations get their decision mail the same way.

/** What the moderation actions know of the advert they decided (only its id goes in the job). */
export type AdvertOwnerMail = {
  email: string;
  name: string;
  locale: Locale;
  advertId: number;
  title: string;
};

/** A decision job's payload besides the item's id: what staff decided, why, and the origin its link is on. */
export const DECISION_JOB_FIELDS = {
  outcome: z.enum(DECISION_OUTCOMES),
  reason: z.string().nullable(),
  origin: z.url(),
};

type DecisionJob = { outcome: DecisionMailData["outcome"]; reason: string | null; origin: string };

/** The decision mail to the user who sent the item in, in their language; `path` (locale-free) is where they find it. */
export async function sendDecisionMail(
  template: MailTemplate<DecisionMailData>,
  job: DecisionJob,
  recipient: { email: string; name: string; preferred_locale: Locale },
  item: { title: (language: Language) => string; path: string },
): Promise<SentMail> {
  const language = languageOf(recipient.preferred_locale);
  const site = await siteNameIn(language);
  const link = new URL(localizePath(item.path, recipient.preferred_locale), job.origin).href;
  const data = {
    outcome: job.outcome,
    name: recipient.name || recipient.email,
    title: item.title(language),
    site,
    reason: job.reason,
    link,
  };
  return sendTemplateMail(template, data, { to: recipient.email, language, link, fromName: site });
}

/** An advert's title with its owner's address, name and language: what a mail to the owner needs; undefined when gone. */
export function advertOwner(advertId: number) {
  return getDb()
    .selectFrom("advertisements as a")
    .innerJoin("users as u", "u.id", "a.owner_id")
    .select(["a.title", "u.email", "u.name", "u.preferred_locale"])
    .where("a.id", "=", advertId)
    .executeTakeFirst();
}

/** Queues the owner's mail about the advert's outcome. */
export async function queueModerationMail(
  advert: Pick<AdvertOwnerMail, "advertId">,
  outcome: DecisionJob["outcome"],
  origin: string,
  reason?: string,
): Promise<void> {
  await enqueue(moderationMailJob, { advertId: advert.advertId, outcome, reason: reason ?? null, origin });
}

/** The job: the owner's mail, or null when the advert or its owner is gone. */
async function sendModerationMail(job: z.output<typeof moderationMailPayload>): Promise<SentMail | null> {
  const owner = await advertOwner(job.advertId);
  if (!owner) return null;
  return sendDecisionMail(advertDecisionMail, job, owner, { title: () => owner.title, path: `/cabinet/edit/${job.advertId}` });
}

const moderationMailPayload = z.object({ advertId: z.number().int(), ...DECISION_JOB_FIELDS });

export const moderationMailJob = defineJob({
  name: "mail-moderation",
  schema: moderationMailPayload,
  queue: MAIL_QUEUE,
  handler: sendModerationMail,
});
