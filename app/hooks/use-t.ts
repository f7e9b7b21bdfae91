import { useTranslation } from "#app/i18n/translate.ts";
import { useLocation } from "react-router";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";

/** The page's language follows its path, so translations are right on the very first render. */
export function usePageLanguage() {
  return languageOf(localeFromPath(useLocation().pathname));
}

export function useT() {
  const lng = usePageLanguage();
  return useTranslation("common", { lng });
}

export function useLocale() {
  return localeFromPath(useLocation().pathname);
}
