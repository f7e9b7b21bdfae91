import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the newsletter's pages: `newsletter:` keys (and `common:`), in the page's language. */
export function useNewsletterT() {
  return useTranslation(["newsletter", "common"], { lng: usePageLanguage() });
}
