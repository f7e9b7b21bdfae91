import i18next, { type TFunction } from "i18next";
import type { Language } from "#app/i18n/locales.ts";
import { defaultNS, resources } from "#app/i18n/resources.ts";
import { pickLocalized } from "#app/modules/content/localized.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { sendMail, type SentMail } from "./mailer.server.ts";

// Every message the portal mails (account links, moderation outcomes, search alerts) is a
// list of paragraphs in the recipient's language, sent as plain text and as simple HTML.
// Mail is written outside any request: one i18next instance with both languages serves all.

const translator = i18next.createInstance();
void translator.init({ resources, defaultNS, fallbackLng: "uk", initAsync: false, interpolation: { escapeValue: false } });

export function mailT<N extends keyof typeof resources.uk>(language: Language, namespace: N): TFunction<N> {
  return translator.getFixedT(language, namespace) as TFunction<N>;
}

/** The site's name in `language`, the sender's display name and the mails' `{site}`. */
export async function siteNameIn(language: Language): Promise<string> {
  const settings = await getSettings();
  return pickLocalized(settings.site_name_uk, settings.site_name_en, language).text;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type ParagraphMail = {
  to: string;
  language: Language;
  subject: string;
  /** A paragraph that is a bare http(s) URL becomes a link in the HTML part. */
  paragraphs: string[];
  /** The link the message is about (printed with the outbox line). */
  link?: string;
  fromName: string;
  headers?: Record<string, string>;
};

/** RFC 2369 and RFC 8058 headers: mail clients show their own one-click "unsubscribe", which posts to `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function sendParagraphMail(mail: ParagraphMail): Promise<SentMail> {
  const html = mail.paragraphs
    .map((text) => (/^https?:\/\/\S+$/.test(text) ? `<p><a href="${escapeHtml(text)}">${escapeHtml(text)}</a></p>` : `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>`))
    .join("\n");
  return sendMail({
    to: mail.to,
    subject: mail.subject,
    text: `${mail.paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html lang="${mail.language}"><body>${html}</body></html>`,
    link: mail.link,
    fromName: mail.fromName,
    headers: mail.headers,
  });
}
