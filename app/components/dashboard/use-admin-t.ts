import { dynamicKey, useTranslation } from "#app/i18n/translate.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import type { ContentType } from "#app/modules/staff-content/registry.ts";

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
function sectionName(t: AdminT, type: ContentType): string {
  return tKey(t, `dashboard:sections.${type}`);
}

/** `useAdminT` on a content type's pages, with that type's section name. */
export function useSectionT(type: ContentType) {
  const { t } = useAdminT();
  return { t, section: sectionName(t, type) };
}
