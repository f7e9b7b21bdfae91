import { useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";

/** `t` of the `adverts` namespace (other namespaces by prefix: `reports:...`), in the page's language. */
export function useAdvertsT() {
  return useTranslation(["adverts", "reports", "content", "common"], { lng: usePageLanguage() });
}
