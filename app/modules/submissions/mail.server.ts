import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { z } from "zod";
import { defineJob, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { DECISION_JOB_FIELDS, sendDecisionMail } from "#app/modules/moderation/mail.server.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import type { Locale } from "#db/schema.ts";
import { headingFields, SUBMISSION_TYPES, SUBMISSIONS_PATH } from "./forms.ts";
import { submissionDecisionMail } from "./mails/decision.ts";

// The submitter's mail about staff's decision, in the submitter's language, written by the
// job worker from the row as it is then (the request only queued the ids).

/** The job: the mail, or null when the item or its submitter is gone. */
async function sendSubmissionMail(job: z.output<typeof submissionMailPayload>): Promise<SentMail | null> {
  const heading = headingFields(job.type);
  const row = (await registryDb(getDb())
    .selectFrom(`${job.type} as s`)
    .innerJoin("users as u", "u.id", "s.submitted_by")
    .select([`s.${heading.uk} as uk`, `s.${heading.en} as en`, "u.email", "u.name", "u.preferred_locale"])
    .where("s.id", "=", job.id)
    .executeTakeFirst()) as { uk: string; en: string | null; email: string; name: string; preferred_locale: Locale } | undefined;
  if (!row) return null;
  const title = (language: Language) => pickLocalized(row.uk, row.en, language).text;
  return sendDecisionMail(submissionDecisionMail, job, row, { title, path: SUBMISSIONS_PATH });
}

/** Staff's decision on a user's submitted event, service or organisation. */
const submissionMailPayload = z.object({ type: z.enum(SUBMISSION_TYPES), id: z.number().int(), ...DECISION_JOB_FIELDS });

export const submissionMailJob = defineJob({
  name: "mail-submission",
  schema: submissionMailPayload,
  queue: MAIL_QUEUE,
  handler: sendSubmissionMail,
});
