import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the submission pages: `submissions:` keys (and `adverts:`, `common:`), in the page's language. */
export function useSubmissionsT() {
  return useTranslation(["submissions", "adverts", "common"], { lng: usePageLanguage() });
}
