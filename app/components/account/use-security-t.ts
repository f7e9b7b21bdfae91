import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the sign-in factors (second step, security page, passkey sign-in): `security` keys first. */
export function useSecurityT() {
  return useTranslation(["security", "auth", "cabinet", "common"], { lng: usePageLanguage() });
}
