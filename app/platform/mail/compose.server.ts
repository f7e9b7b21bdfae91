import type { TFunction } from "i18next";
import type { Language } from "#app/i18n/locales.ts";
import type { resources } from "#app/i18n/resources.ts";
import { fixedT } from "#app/i18n/server-instance.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";

// What mail templates share: `t` in the recipient's language from the server's one i18next
// instance (the one requests use too), the site's name, the unsubscribe headers.

export function mailT<N extends keyof typeof resources.uk>(language: Language, namespace: N): TFunction<N> {
  return fixedT(language, namespace);
}

/** The site's name in `language`, the sender's display name and the mails' `{site}`. */
export async function siteNameIn(language: Language): Promise<string> {
  const settings = await getSettings();
  return pickLocalized(settings.site_name_uk, settings.site_name_en, language).text;
}

/** RFC 2369 and RFC 8058 headers: mail clients show their own one-click "unsubscribe", which posts to `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
