import type { Locale } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { enqueue, type JobPayloads } from "#app/modules/jobs/queue.server.ts";
import type { SentMail } from "#app/modules/mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "#app/modules/mail/compose.server.ts";

// Messages to an advert's owner about moderation, in the owner's preferred locale. The
// moderator's action queues one; the job worker writes it from the advert as it is then.

/** What the moderation actions know of the advert they decided (only its id goes in the job). */
export type AdvertOwnerMail = {
  email: string;
  name: string;
  locale: Locale;
  advertId: number;
  title: string;
};

/** Queues the owner's mail about the advert's outcome. */
export async function queueModerationMail(advert: Pick<AdvertOwnerMail, "advertId">, outcome: "approved" | "rejected", origin: string, reason?: string): Promise<void> {
  await enqueue("mail-moderation", { advertId: advert.advertId, outcome, reason: reason ?? null, origin });
}

/** The job: the owner's mail, or null when the advert or its owner is gone. */
export async function sendModerationMail(job: JobPayloads["mail-moderation"]): Promise<SentMail | null> {
  const owner = await getDb()
    .selectFrom("advertisements as a")
    .innerJoin("users as u", "u.id", "a.owner_id")
    .select(["a.title", "u.email", "u.name", "u.preferred_locale"])
    .where("a.id", "=", job.advertId)
    .executeTakeFirst();
  if (!owner) return null;
  const language = languageOf(owner.preferred_locale);
  const t = mailT(language, "admin");
  const site = await siteNameIn(language);
  const link = new URL(localizePath(`/cabinet/edit/${job.advertId}`, owner.preferred_locale), job.origin).href;
  const values = { name: owner.name || owner.email, title: owner.title, site, reason: job.reason ?? "" };
  const paragraphs = [
    t("mail.greeting", values),
    t(`mail.${job.outcome}.body`, values),
    ...(job.outcome === "rejected" ? [t("mail.rejected.reason", values), t("mail.rejected.next", values)] : []),
    link,
    t("mail.signature", values),
  ];
  return sendParagraphMail({ to: owner.email, language, subject: t(`mail.${job.outcome}.subject`, values), paragraphs, link, fromName: site });
}
