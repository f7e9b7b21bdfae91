import { Mail, Phone } from "lucide-react";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { usePageLanguage, useT } from "#app/hooks/use-t.ts";
import { dynamicKey } from "#app/i18n/translate.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { CookieSettingsLink } from "#app/components/consent/consent-banner.tsx";
import { FOOTER_LINKS } from "./nav-sections.ts";

type FooterProps = {
  siteName: string;
  email: string | null;
  phone: string | null;
  pages: Array<{ slug: string; title: LocalizedText }>;
};

export function Footer({ siteName, email, phone, pages }: FooterProps) {
  const { t } = useT();
  const language = usePageLanguage();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-label={t("footer.pages")}>
          <ul>
            {pages.map((page) => (
              <li key={page.slug}>
                <LocalizedLink to={`/${page.slug}`} lang={page.title.lang === language ? undefined : page.title.lang}>
                  {page.title.text}
                </LocalizedLink>
              </li>
            ))}
            {FOOTER_LINKS.filter((link) => !pages.some((page) => `/${page.slug}` === link.to)).map((link) => (
              <li key={link.to}>
                <LocalizedLink to={link.to}>{t(link.label, dynamicKey(link.label))}</LocalizedLink>
              </li>
            ))}
            <li>
              <CookieSettingsLink>{t("footer.cookie_settings")}</CookieSettingsLink>
            </li>
          </ul>
        </nav>
        <address>
          <strong>{siteName}</strong>
          {email ? (
            <a href={`mailto:${email}`}>
              <Mail aria-hidden="true" size={18} />
              {email}
            </a>
          ) : null}
          {phone ? (
            <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
              <Phone aria-hidden="true" size={18} />
              {phone}
            </a>
          ) : null}
        </address>
        <p className="site-footer__copy">
          © {new Date().getFullYear()} {siteName}
        </p>
      </div>
    </footer>
  );
}
