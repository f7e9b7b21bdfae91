import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the account security pages (sign-in link, second step, sessions, two-factor, passkeys, export): `security` keys first. */
export function useSecurityT() {
  return useTranslation(["security", "auth", "cabinet", "common"], { lng: usePageLanguage() });
}
