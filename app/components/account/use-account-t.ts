import { useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";

/** `t` for the account UI: keys of the `auth`, `cabinet` and `dashboard` namespaces (`auth:login.title`), in the page's language. */
export function useAccountT() {
  return useTranslation(["auth", "cabinet", "dashboard", "common"], { lng: usePageLanguage() });
}
