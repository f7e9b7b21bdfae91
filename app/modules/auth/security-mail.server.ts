import type { Locale } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { formatDate, formatTime } from "#app/modules/format/dates.ts";
import { enqueue, type JobPayloads } from "#app/modules/jobs/queue.server.ts";
import type { SentMail } from "#app/modules/mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "#app/modules/mail/compose.server.ts";
import { publicOrigin } from "#app/modules/config/config.server.ts";
import { issueToken } from "./tokens.server.ts";
import { findUserById } from "./users.server.ts";

// "Something changed on your account" mails: each in the owner's language, each with a
// "this wasn't me" link that signs out everywhere and mails a password reset.

export type SecurityEvent =
  | "new-device"
  | "two-factor-on"
  | "two-factor-off"
  | "passkey-added"
  | "passkey-removed"
  | "password-changed"
  | "email-changed";

/** Queues the mail about `event` for the account's owner; the worker writes and sends it. */
export async function queueSecurityMail(mail: { userId: number; event: SecurityEvent; device?: string | null }): Promise<void> {
  await enqueue("mail-security", { userId: mail.userId, event: mail.event, device: mail.device ?? null, at: new Date().toISOString(), origin: publicOrigin() });
}

function linkTo(origin: string, locale: Locale, path: string): string {
  return new URL(localizePath(path, locale), origin).href;
}

/** The job: the mail in the owner's language, with a fresh "this wasn't me" link. */
export async function sendSecurityMail(job: JobPayloads["mail-security"]): Promise<SentMail | null> {
  const user = await findUserById(job.userId);
  if (!user || user.blocked_at) return null;
  const language = languageOf(user.preferred_locale);
  const t = mailT(language, "security");
  const site = await siteNameIn(language);
  const token = await issueToken(user.id, "not_me");
  const notMe = `${linkTo(job.origin, user.preferred_locale, "/not-me")}?token=${token}`;
  const values = { name: user.name || user.email, site, device: job.device ?? t("sessions.unknown_device"), time: `${formatDate(new Date(job.at), language)}, ${formatTime(new Date(job.at), language)}` };
  const paragraphs = [
    t("mail.greeting", values),
    t(`mail.events.${job.event}.body`, values),
    t("mail.when", values),
    t("mail.if_you", values),
    t("mail.not_me", values),
    notMe,
    t("mail.signature", values),
  ];
  return sendParagraphMail({ to: user.email, language, subject: t(`mail.events.${job.event}.subject`, values), paragraphs, link: notMe, fromName: site });
}
