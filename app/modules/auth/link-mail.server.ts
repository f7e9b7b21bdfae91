import type { User } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { sendTemplateMail, type MailTemplate } from "#app/platform/mail/template.server.ts";
import type { LinkMailData } from "./mails/link-mail.ts";

/**
 * Sends a one-link mail in the recipient's language: `path` on this portal in their locale
 * (with `?token=` when one is given), signed with the site's name in that language.
 */
export async function sendLinkMail(
  template: MailTemplate<LinkMailData>,
  recipient: Pick<User, "email" | "name" | "preferred_locale">,
  target: { origin: string; path: string; token?: string; to?: string },
): Promise<SentMail> {
  const href = new URL(localizePath(target.path, recipient.preferred_locale), target.origin).href;
  const link = target.token ? `${href}?token=${target.token}` : href;
  const language = languageOf(recipient.preferred_locale);
  const site = await siteNameIn(language);
  return sendTemplateMail(
    template,
    { name: recipient.name || recipient.email, site, link },
    { to: target.to ?? recipient.email, language, link, fromName: site },
  );
}
