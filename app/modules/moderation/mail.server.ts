import type { Locale } from "../../../db/schema.ts";
import { languageOf, localizePath } from "~/i18n/locales";
import type { SentMail } from "../mail/mailer.server.ts";
import { mailT, sendParagraphMail, siteNameIn } from "../mail/compose.server.ts";

// Messages to an advert's owner about moderation, in the owner's preferred locale, through
// the portal's mailer (SMTP, or the outbox in development and tests).

export type AdvertOwnerMail = {
  email: string;
  name: string;
  locale: Locale;
  advertId: number;
  title: string;
};

export async function sendModerationMail(owner: AdvertOwnerMail, outcome: "approved" | "rejected", origin: string, reason?: string): Promise<SentMail> {
  const language = languageOf(owner.locale);
  const t = mailT(language, "admin");
  const site = await siteNameIn(language);
  const link = new URL(localizePath(`/cabinet/edit/${owner.advertId}`, owner.locale), origin).href;
  const values = { name: owner.name || owner.email, title: owner.title, site, reason: reason ?? "" };
  const paragraphs = [
    t("mail.greeting", values),
    t(`mail.${outcome}.body`, values),
    ...(outcome === "rejected" ? [t("mail.rejected.reason", values), t("mail.rejected.next", values)] : []),
    link,
    t("mail.signature", values),
  ];
  return sendParagraphMail({ to: owner.email, language, subject: t(`mail.${outcome}.subject`, values), paragraphs, link, fromName: site });
}
