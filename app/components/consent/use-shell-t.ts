import type { Language } from "~/i18n/locales";
import { useTranslation } from "~/i18n/translate";

/** `t` of the `shell` namespace; the consent UI takes its language from the shell (English by default). */
export function useShellT(language: Language) {
  return useTranslation("shell", { lng: language });
}
