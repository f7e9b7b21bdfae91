import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the account UI: keys of the `auth`, `cabinet` and `dashboard` namespaces (`auth:login.title`), in the page's language. */
export function useAccountT() {
  return useTranslation(["auth", "cabinet", "dashboard", "common"], { lng: usePageLanguage() });
}
