import type { Route } from "./+types/route";
import { usePageLanguage, useT } from "#app/hooks/use-t.ts";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";
import { langAttr, pickLocalized } from "#app/modules/content/localized.ts";
import { findPublishedPage } from "#app/modules/pages/pages.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { getCachedSettings } from "#app/modules/settings/settings.server.ts";

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

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const language = usePageLanguage();
  const { contacts, title, body } = loaderData;
  return (
    <article className="static-page">
      <h1 lang={langAttr(title, language)}>{title.text}</h1>
      <dl className="contact-list">
        {contacts.email ? (
          <>
            <dt>{t("contacts.email")}</dt>
            <dd>
              <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
            </dd>
          </>
        ) : null}
        {contacts.phone ? (
          <>
            <dt>{t("contacts.phone")}</dt>
            <dd>
              <a href={`tel:${contacts.phone.replace(/[^+\d]/g, "")}`}>{contacts.phone}</a>
            </dd>
          </>
        ) : null}
        {contacts.address ? (
          <>
            <dt>{t("contacts.address")}</dt>
            <dd lang={langAttr(contacts.address, language)}>{contacts.address.text}</dd>
          </>
        ) : null}
        {contacts.socialLinks.length ? (
          <>
            <dt>{t("contacts.social")}</dt>
            <dd>
              <ul className="inline-list">
                {contacts.socialLinks.map(([name, href]) => (
                  <li key={name}>
                    <a href={href} rel="noopener">
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {body ? <div className="prose" lang={langAttr(body, language)} dangerouslySetInnerHTML={{ __html: body.text }} /> : null}
    </article>
  );
}
