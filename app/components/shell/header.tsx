import { Form, useLocation } from "react-router";
import { LOCALES, stripLocale, switchLocalePath, type LocaleCode } from "~/i18n/locales";
import { useLocale, useT } from "~/hooks/use-t";
import { LocalizedLink, LocalizedNavLink } from "../localized-link";
import { HeaderSearch } from "../content/header-search";
import { NAV_SECTIONS } from "./nav-sections";

export function Header({ siteName, theme, account }: { siteName: string; theme: "light" | "dark"; account?: React.ReactNode }) {
  const { t } = useT();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t("header.skip_to_content")}
      </a>
      <div className="site-header__bar container">
        <LocalizedLink to="/" className="site-header__brand">
          {siteName}
        </LocalizedLink>
        <nav aria-label={t("header.sections")} className="site-header__nav">
          <ul>
            {NAV_SECTIONS.map((section) => (
              <li key={section.to}>
                <LocalizedNavLink to={section.to}>{t(section.label as "nav.contacts")}</LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <HeaderSearch />
          <LanguageSwitcher />
          <ThemeToggle theme={theme} />
          {account}
        </div>
      </div>
    </header>
  );
}

function LanguageSwitcher() {
  const { t } = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const other: LocaleCode = current === "ua" ? "us" : "ua";
  const target = switchLocalePath(pathname, other) + search;
  // A plain link through /set-locale so the choice is remembered in the cookie, JS or not.
  return (
    <a
      className="language-switch"
      href={`/set-locale/${other}?to=${encodeURIComponent(target)}`}
      hrefLang={LOCALES[other].language}
      lang={LOCALES[other].language}
      rel="alternate nofollow"
      aria-label={`${LOCALES[other].name}: ${t("header.switch_language")}`}
      data-current-path={stripLocale(pathname)}
    >
      {LOCALES[other].name}
    </a>
  );
}

function ThemeToggle({ theme }: { theme: "light" | "dark" }) {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/set-theme" className="theme-toggle" preventScrollReset>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" className="icon-button" aria-label={t(next === "dark" ? "theme.to_dark" : "theme.to_light")}>
        <span aria-hidden="true">{next === "dark" ? "☾" : "☀"}</span>
      </button>
    </Form>
  );
}
