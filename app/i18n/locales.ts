/**
 * The portal's two locales. `code` is the URL/cookie code; `language` is what i18next and
 * <html lang> use; `name` and `short` name the language in itself (the language switch),
 * never a country.
 */
export const LOCALES = {
  ua: { code: "ua", language: "uk", bcp47: "uk-UA", name: "Українська", short: "УКР", prefix: "" },
  us: { code: "us", language: "en", bcp47: "en-US", name: "English", short: "EN", prefix: "/us" },
} as const;

export type LocaleCode = keyof typeof LOCALES;
export type Language = (typeof LOCALES)[LocaleCode]["language"];
export const LOCALE_COOKIE = "i18n_redirected";

export function isLocaleCode(value: unknown): value is LocaleCode {
  return value === "ua" || value === "us";
}

/** Client navigations fetch `/us.data`; the locale must still read as `us`. */
export function localeFromPath(pathname: string): LocaleCode {
  return /^\/us(?:\/|\.data$|$)/.test(pathname) ? "us" : "ua";
}

export function languageOf(locale: LocaleCode): Language {
  return LOCALES[locale].language;
}

/** The path without its locale prefix, always starting with "/". */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) !== "us") return pathname || "/";
  const rest = pathname.slice(3);
  return rest === "" || rest === ".data" ? "/" : rest;
}

/** `localizePath("/novyny", "us")` is "/us/novyny"; the root of `us` is "/us". */
export function localizePath(path: string, locale: LocaleCode): string {
  const bare = path.startsWith("/") ? path : `/${path}`;
  if (locale === "ua") return bare;
  return bare === "/" ? "/us" : `/us${bare}`;
}

export function switchLocalePath(pathname: string, to: LocaleCode): string {
  return localizePath(stripLocale(pathname), to);
}
