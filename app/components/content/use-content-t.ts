import { useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";

/** `t` of the `content` namespace in the page's language. */
export function useContentT() {
  return useTranslation("content", { lng: usePageLanguage() });
}
