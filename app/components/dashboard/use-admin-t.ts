import { dynamicKey, useTranslation } from "~/i18n/translate";
import { usePageLanguage } from "~/hooks/use-t";
import type { ContentType } from "~/modules/staff-content/registry";

/** `t` for dashboard pages: `admin:` keys (and `dashboard:`, `common:`), in the page's language. */
export function useAdminT() {
  return useTranslation(["admin", "dashboard", "common"], { lng: usePageLanguage() });
}

export type AdminT = ReturnType<typeof useAdminT>["t"];

/** `t` with a key built at run time (`admin:fields.${name}`). */
export function tKey(t: AdminT, key: string, values?: Record<string, unknown>): string {
  return t(key, dynamicKey(key, values));
}

/** A content type's dashboard section name ("Новини"). */
export function sectionName(t: AdminT, type: ContentType): string {
  return tKey(t, `dashboard:sections.${type}`);
}
