import { Menu, Moon, Sun } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { LOCALES, switchLocalePath, type LocaleCode } from "#app/i18n/locales.ts";
import { dynamicKey } from "#app/i18n/translate.ts";
import { useLocale, useT } from "#app/hooks/use-t.ts";
import { LocalizedLink, LocalizedNavLink } from "#app/components/localized-link.tsx";
import { HeaderSearch } from "#app/components/content/header-search.tsx";
import { Logo } from "./logo.tsx";
import { NAV_SECTIONS } from "./nav-sections.ts";

/**
 * The site header. Wide screens show everything in two rows (brand and tools, then the
 * sections); on phones the sections, search, language and account live in a `<details>`
 * menu, which opens without JS and is a native disclosure for keyboards and screen readers.
 * On wide screens the same `<details>` is laid out flat by CSS (`::details-content`).
 */
export function Header({ siteName, shortName, theme, account }: { siteName: string; shortName: string; theme: "light" | "dark"; account?: React.ReactNode }) {
  const { t } = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  // With JS a navigation keeps the DOM: close the menu once the new page is there.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  // Escape closes the open menu and gives focus back to its button.
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("keydown", onKey);
    return () => details.removeEventListener("keydown", onKey);
  }, []);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t("header.skip_to_content")}
      </a>
      <div className="site-header__bar container">
        <LocalizedLink to="/" className="site-header__brand">
          <Logo />
          {/* Phones show the short name; the full one stays the link's name for screen readers. */}
          <span className={shortName === siteName ? "site-header__name" : "site-header__name site-header__name--long"}>{siteName}</span>
          {shortName === siteName ? null : (
            <span className="site-header__name site-header__name--short" aria-hidden="true">
              {shortName}
            </span>
          )}
        </LocalizedLink>
        <ThemeToggle theme={theme} />
        <details className="site-menu" ref={menu}>
          <summary className="icon-button site-menu__toggle">
            <Menu aria-hidden="true" size={20} />
            <span>{t("header.menu")}</span>
          </summary>
          <div className="site-menu__panel">
            <div className="site-header__tools">
              <HeaderSearch />
              <LanguageSwitcher />
              {account}
            </div>
            <nav aria-label={t("header.sections")} className="site-header__nav">
              <ul>
                {NAV_SECTIONS.map((section) => (
                  <li key={section.to}>
                    <LocalizedNavLink to={section.to}>{t(section.label, dynamicKey(section.label))}</LocalizedNavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </details>
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
  // Named by the language in that language; where the bar is tight CSS shows the short form,
  // and the full name stays the link's accessible name.
  return (
    <a
      className="language-switch"
      href={`/set-locale/${other}?to=${encodeURIComponent(target)}`}
      hrefLang={LOCALES[other].language}
      lang={LOCALES[other].language}
      rel="alternate nofollow"
      title={t("header.switch_language")}
    >
      <span className="language-switch__long">{LOCALES[other].name}</span>
      <span className="language-switch__short" aria-hidden="true">
        {LOCALES[other].short}
      </span>
    </a>
  );
}

function ThemeToggle({ theme }: { theme: "light" | "dark" }) {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  const Icon = next === "dark" ? Moon : Sun;
  return (
    <Form method="post" action="/set-theme" className="theme-toggle" preventScrollReset>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" className="icon-button" aria-label={t(next === "dark" ? "theme.to_dark" : "theme.to_light")}>
        <Icon aria-hidden="true" size={20} />
      </button>
    </Form>
  );
}
