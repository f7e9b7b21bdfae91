import { Menu } from "#app/components/icons/shell-icons.tsx";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { dynamicKey } from "#app/i18n/translate.ts";
import { useT } from "#app/hooks/use-t.ts";
import { LocalizedLink, LocalizedNavLink } from "#app/components/localized-link.tsx";
import { Logo } from "./logo.tsx";
import { NAV_SECTIONS } from "./nav-sections.ts";
import { firstInteraction, deferred } from "#app/components/deferred.tsx";

// The theme toggle (a form post), the search (a GET form) and the language switch (a plain
// link through /set-locale) work as plain HTML: their code comes when the browser is idle or
// the visitor first acts. The sections' links and the menu stay in the first load: a click on
// them right after the page loads is a client navigation.
const parts = () => import("./shell-parts.tsx");
const ThemeToggle = deferred(() => parts().then((module) => ({ default: module.ThemeToggle })), firstInteraction);
const HeaderSearch = deferred(() => parts().then((module) => ({ default: module.HeaderSearch })), firstInteraction);
const LanguageSwitcher = deferred(() => parts().then((module) => ({ default: module.LanguageSwitcher })), firstInteraction);

/**
 * The site header. Wide screens show everything in two rows (brand and tools, then the
 * sections); on phones the sections, search, language and account live in a `<details>`
 * menu, which opens without JS and is a native disclosure for keyboards and screen readers.
 * On wide screens the same `<details>` is laid out flat by CSS (`::details-content`).
 * `menuBadge` goes on the menu's button: what the closed menu holds that wants attention.
 */
export function Header({
  siteName,
  shortName,
  theme,
  account,
  menuBadge,
}: {
  siteName: string;
  shortName: string;
  theme: "light" | "dark";
  account?: React.ReactNode;
  menuBadge?: React.ReactNode;
}) {
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
            {menuBadge}
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
