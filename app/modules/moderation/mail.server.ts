import i18next, { type TFunction } from "i18next";
import type { Locale } from "../../../db/schema.ts";
import { languageOf, localizePath } from "~/i18n/locales";
import { defaultNS, resources } from "~/i18n/resources";
import { pickLocalized } from "../content/localized.ts";
import { sendMail, type SentMail } from "../mail/mailer.server.ts";
import { getSettings } from "../settings/settings.server.ts";

// Messages to an advert's owner about moderation, in the owner's preferred locale, through
// the portal's mailer (SMTP, or the outbox in development and tests).

const translator = i18next.createInstance();
void translator.init({ resources, defaultNS, fallbackLng: "uk", initAsync: false, interpolation: { escapeValue: false } });

export type AdvertOwnerMail = {
  email: string;
  name: string;
  locale: Locale;
  advertId: number;
  title: string;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function sendModerationMail(owner: AdvertOwnerMail, outcome: "approved" | "rejected", origin: string, reason?: string): Promise<SentMail> {
  const language = languageOf(owner.locale);
  const t = translator.getFixedT(language, "admin") as TFunction<"admin">;
  const settings = await getSettings();
  const site = pickLocalized(settings.site_name_uk, settings.site_name_en, language).text;
  const link = new URL(localizePath(`/cabinet/edit/${owner.advertId}`, owner.locale), origin).href;
  const values = { name: owner.name || owner.email, title: owner.title, site, reason: reason ?? "" };
  const paragraphs = [
    t("mail.greeting", values),
    t(`mail.${outcome}.body`, values),
    ...(outcome === "rejected" ? [t("mail.rejected.reason", values), t("mail.rejected.next", values)] : []),
    link,
    t("mail.signature", values),
  ];
  const html = paragraphs
    .map((text) => (text === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(text)}</p>`))
    .join("\n");
  return sendMail({
    to: owner.email,
    subject: t(`mail.${outcome}.subject`, values),
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html lang="${language}"><body>${html}</body></html>`,
    link,
    fromName: site,
  });
}
