import { useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";
import { translateMessage } from "~/components/forms/message-codec";

/** `t` of the `adverts` namespace (other namespaces by prefix: `reports:...`), in the page's language. */
export function useAdvertsT() {
  return useTranslation(["adverts", "reports", "content", "common"], { lng: usePageLanguage() });
}

/** Coded form messages (`adverts:errors.title_length|{"min":5}`) as text. */
export function useMessage() {
  const { t } = useAdvertsT();
  return (message: string) => translateMessage(t, message);
}
