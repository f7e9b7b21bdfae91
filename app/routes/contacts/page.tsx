import type { Route } from "./+types/route";
import { usePageLanguage, useT } from "#app/hooks/use-t.ts";
import { langAttr } from "#app/platform/format/localized.ts";

export default function Contacts({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
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
