import { useLocation } from "react-router";
import { LOCALES, switchLocalePath, type LocaleCode } from "#app/i18n/locales.ts";
import { useLocale, useT } from "#app/hooks/use-t.ts";

/** The header's link to this page in the other language. */
export function LanguageSwitcher() {
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
