import { LOCALES, localeFromPath, type Language, type LocaleCode } from "#app/i18n/locales.ts";

// Where the prebuilt offline files live (app/platform/offline/generated-files.ts writes them
// into the client build). Shared by the page head, the service worker and the build.

/** The offline page of each language, under that language's path prefix. */
export const OFFLINE_PAGE_PATHS: Record<Language, string> = {
  uk: `${LOCALES.ua.prefix}/offline.html`,
  en: `${LOCALES.us.prefix}/offline.html`,
};

/** One web app manifest per language: name, start page and shortcuts in that language. */
export function manifestPath(locale: LocaleCode): string {
  return `${LOCALES[locale].prefix}/site.webmanifest`;
}

/** The offline page for a path: English under /us, Ukrainian elsewhere. */
export function offlinePagePath(pathname: string): string {
  return OFFLINE_PAGE_PATHS[LOCALES[localeFromPath(pathname)].language];
}
