import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` of the `content` namespace in the page's language. */
export function useContentT() {
  return useTranslation("content", { lng: usePageLanguage() });
}
