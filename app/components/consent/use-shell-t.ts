import type { Language } from "#app/i18n/locales.ts";
import { useTranslation } from "#app/i18n/translate.ts";

/** `t` of the `shell` namespace; the consent UI takes its language from the shell (English by default). */
export function useShellT(language: Language) {
  return useTranslation("shell", { lng: language });
}
