import { translateMessage } from "#app/components/forms/message-codec.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";

/** `t` for the organisations' pages: `organisations:` keys (and `common:`), in the page's language; `message` reads coded form messages. */
export function useOrganisationsT() {
  const translation = useTranslation(["organisations", "common"], { lng: usePageLanguage() });
  return { ...translation, message: (coded: string) => translateMessage(translation.t, coded) };
}
