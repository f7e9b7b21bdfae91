import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/modules/content/localized.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import type { JobPayloads } from "#app/modules/jobs/queue.server.ts";
import type { SentMail } from "#app/modules/mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "#app/modules/mail/compose.server.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import type { Locale } from "#db/schema.ts";
import { headingFields, SUBMISSIONS_PATH } from "./forms.ts";

// The submitter's mail about staff's decision, in the submitter's language, written by the
// job worker from the row as it is then (the request only queued the ids).

/** The job: the mail, or null when the item or its submitter is gone. */
export async function sendSubmissionMail(job: JobPayloads["mail-submission"]): Promise<SentMail | null> {
  const heading = headingFields(job.type);
  const row = (await registryDb(getDb())
    .selectFrom(`${job.type} as s`)
    .innerJoin("users as u", "u.id", "s.submitted_by")
    .select([`s.${heading.uk} as uk`, `s.${heading.en} as en`, "u.email", "u.name", "u.preferred_locale"])
    .where("s.id", "=", job.id)
    .executeTakeFirst()) as { uk: string; en: string | null; email: string; name: string; preferred_locale: Locale } | undefined;
  if (!row) return null;
  const language = languageOf(row.preferred_locale);
  const t = mailT(language, "submissions");
  // The greeting and signature of every moderation mail.
  const common = mailT(language, "admin");
  const site = await siteNameIn(language);
  const link = new URL(localizePath(SUBMISSIONS_PATH, row.preferred_locale), job.origin).href;
  const values = { name: row.name || row.email, title: pickLocalized(row.uk, row.en, language).text, site, reason: job.reason ?? "" };
  const paragraphs = [
    common("mail.greeting", values),
    t(`mail.${job.outcome}.body`, values),
    ...(job.outcome === "rejected" ? [t("mail.rejected.reason", values)] : []),
    link,
    common("mail.signature", values),
  ];
  return sendParagraphMail({ to: row.email, language, subject: t(`mail.${job.outcome}.subject`, values), paragraphs, link, fromName: site });
}
