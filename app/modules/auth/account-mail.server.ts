import type { Locale, User } from "../../../db/schema.ts";
import { languageOf, localizePath } from "~/i18n/locales";
import type { SentMail } from "../mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "../mail/compose.server.ts";
import { issueToken } from "./tokens.server.ts";

// The account messages (verify email, reset password, "you already have an account"),
// each in the recipient's preferred locale, with links to this portal's origin.

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

/** Issues a 24-hour verification link and mails it. */
export async function sendVerificationMail(user: Recipient, origin: string): Promise<SentMail> {
  const token = await issueToken(user.id, "verify_email");
  return send(user, "verify", `${linkTo(origin, user.preferred_locale, "/verify-request")}?token=${token}`);
}

/** Issues a one-hour password-reset link and mails it. */
export async function sendPasswordResetMail(user: Recipient, origin: string): Promise<SentMail> {
  const token = await issueToken(user.id, "reset_password");
  return send(user, "reset", `${linkTo(origin, user.preferred_locale, "/verify-request")}?token=${token}`);
}

/** Someone registered with an address that has an account: tell its owner, reveal nothing to the form. */
export async function sendAlreadyRegisteredMail(user: Recipient, origin: string): Promise<SentMail> {
  const login = linkTo(origin, user.preferred_locale, "/login");
  return send(user, "already_registered", login, `${login}#forgot-password`);
}
