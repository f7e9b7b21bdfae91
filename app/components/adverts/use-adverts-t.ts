import { dynamicKey, useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";

/** `t` of the `adverts` namespace (other namespaces by prefix: `reports:...`), in the page's language. */
export function useAdvertsT() {
  return useTranslation(["adverts", "reports", "content", "common"], { lng: usePageLanguage() });
}

/** Form messages are translation keys, some with values: `adverts:errors.title_length|{"min":5}`. */
export function useMessage() {
  const { t } = useAdvertsT();
  const translate = (key: string, values?: Record<string, unknown>) => t(key, dynamicKey(key, values));
  return (message: string) => {
    const separator = message.indexOf("|");
    if (separator < 0) return translate(message);
    let values: Record<string, unknown> = {};
    try {
      values = JSON.parse(message.slice(separator + 1)) as Record<string, unknown>;
    } catch {
      // A malformed value part: show the message without values.
    }
    return translate(message.slice(0, separator), values);
  };
}
