import type { Locale, User } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { enqueue, type JobPayloads } from "#app/modules/jobs/queue.server.ts";
import type { SentMail } from "#app/modules/mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "#app/modules/mail/compose.server.ts";
import { issueToken } from "./tokens.server.ts";
import { findUserByEmail, findUserById } from "./users.server.ts";

// The account messages (verify email, reset password, "you already have an account"),
// each in the recipient's preferred locale, with links to this portal's origin. A request
// queues them (queue*Mail); the job worker issues the link's token and sends (sendAccountMail).

type Recipient = Pick<User, "id" | "email" | "name" | "preferred_locale">;

async function send(recipient: Recipient, kind: "verify" | "reset" | "already_registered", link: string, extraLink?: string): Promise<SentMail> {
  const locale: Locale = recipient.preferred_locale;
  const language = languageOf(locale);
  const t = mailT(language, "auth");
  const siteName = await siteNameIn(language);
  const values = { name: recipient.name || recipient.email, site: siteName, link, forgotLink: extraLink ?? "" };
  const paragraphs = [
    t("mail.greeting", values),
    t(`mail.${kind}.body`, values),
    link,
    ...(kind === "already_registered" ? [t("mail.already_registered.forgot", values), extraLink ?? ""] : []),
    t(`mail.${kind}.ignore`, values),
    t("mail.signature", values),
  ];
  return sendParagraphMail({ to: recipient.email, language, subject: t(`mail.${kind}.subject`, values), paragraphs, link, fromName: siteName });
}

function linkTo(origin: string, locale: Locale, path: string): string {
  return new URL(localizePath(path, locale), origin).href;
}

/** Queues a 24-hour verification link for the user. */
export async function queueVerificationMail(user: Pick<User, "id">, origin: string): Promise<void> {
  await enqueue("mail-account", { kind: "verify", userId: user.id, origin });
}

/**
 * Queues a one-hour password-reset link for whoever owns `email`. Known and unknown addresses
 * cost the request the same (one insert); the worker looks the address up and mails only an
 * account that is not blocked.
 */
export async function queuePasswordResetMail(email: string, origin: string): Promise<void> {
  await enqueue("mail-account", { kind: "reset", email, origin });
}

/** Someone registered with an address that has an account: tell its owner, reveal nothing to the form. */
export async function queueAlreadyRegisteredMail(user: Pick<User, "id">, origin: string): Promise<void> {
  await enqueue("mail-account", { kind: "already_registered", userId: user.id, origin });
}

/** The job: writes the mail in the recipient's language now (a new token each attempt) and sends it. */
export async function sendAccountMail(job: JobPayloads["mail-account"]): Promise<SentMail | null> {
  const user =
    job.kind === "reset"
      ? await findUserByEmail(job.email)
      : await findUserById(job.userId);
  // Gone, or blocked meanwhile: nothing to send, and nothing to retry.
  if (!user || user.blocked_at) return null;
  if (job.kind === "verify") {
    if (user.email_verified_at) return null;
    const token = await issueToken(user.id, "verify_email");
    return send(user, "verify", `${linkTo(job.origin, user.preferred_locale, "/verify-request")}?token=${token}`);
  }
  if (job.kind === "reset") {
    const token = await issueToken(user.id, "reset_password");
    return send(user, "reset", `${linkTo(job.origin, user.preferred_locale, "/verify-request")}?token=${token}`);
  }
  const login = linkTo(job.origin, user.preferred_locale, "/login");
  return send(user, "already_registered", login, `${login}#forgot-password`);
}
