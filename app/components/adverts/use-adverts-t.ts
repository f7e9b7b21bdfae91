import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` of the `adverts` namespace (other namespaces by prefix: `reports:...`), in the page's language. */
export function useAdvertsT() {
  return useTranslation(["adverts", "reports", "content", "common"], { lng: usePageLanguage() });
}
