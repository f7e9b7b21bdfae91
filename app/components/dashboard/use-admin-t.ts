import { dynamicKey, useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";

/** `t` for dashboard pages: `admin:` keys (and `dashboard:`, `common:`), in the page's language. */
export function useAdminT() {
  return useTranslation(["admin", "dashboard", "common"], { lng: usePageLanguage() });
}

export type AdminT = ReturnType<typeof useAdminT>["t"];

/** Messages are translation keys, some with values: `admin:errors.too_long|{"max":200}`. */
export function translateMessage(t: AdminT, message: string): string {
  const [key, values] = message.split("|", 2) as [string, string | undefined];
  let parsed: Record<string, unknown> = {};
  try {
    parsed = values ? (JSON.parse(values) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  return tKey(t, key, parsed);
}

/** `t` with a key built at run time from data (`admin:fields.${name}`). */
export function tKey(t: AdminT, key: string, values?: Record<string, unknown>): string {
  return t(key, dynamicKey(key, values));
}
