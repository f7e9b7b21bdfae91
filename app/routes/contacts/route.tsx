import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { findPublishedPage } from "#app/modules/pages/pages.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** Contact details from settings, with the staff-written page text of the same slug when there is one. */
export async function loader({ context }: Route.LoaderArgs) {
  const language = getPageLanguage(context);
  const t = getInstance(context).getFixedT(language);
  const [settings, page] = await Promise.all([getCachedSettings(), findPublishedPage("nashi-kontakty")]);
  const socialLinks = Object.entries((settings.social_links ?? {}) as Record<string, string>).filter(
    ([, href]) => typeof href === "string" && /^https?:\/\//.test(href),
  );
  return {
    contacts: {
      email: settings.contact_email,
      phone: settings.contact_phone,
      address: settings.contact_address_uk ? pickLocalized(settings.contact_address_uk, settings.contact_address_en, language) : null,
      socialLinks,
    },
    title: page ? pickLocalized(page.title_uk, page.title_en, language) : { text: t("contacts.title"), lang: language },
    body: page ? pickLocalized(page.body_uk, page.body_en, language) : null,
    seo: { title: t("contacts.title"), description: t("contacts.description") },
  };
}

// Text and links: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
