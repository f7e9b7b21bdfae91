import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the sign-in link, sessions, export and security pages: `security` keys first, then the account namespaces. */
export function useSecurityT() {
  return useTranslation(["security", "auth", "cabinet", "common"], { lng: usePageLanguage() });
}
