import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { localeFromPath, languageOf } from "~/i18n/locales";
import { defaultNS, resources } from "~/i18n/resources";

// The language of a page comes from its path alone (no prefix = Ukrainian); the cookie
// and Accept-Language only decide the first-visit redirect at "/" (see locale-redirect).
export const [i18nextMiddleware, getLanguage, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: ["uk", "en"],
    fallbackLanguage: "uk",
    async findLocale({ url }) {
      return languageOf(localeFromPath(url.pathname));
    },
  },
  i18next: { resources, defaultNS, fallbackLng: "uk", interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: typeof resources.uk;
  }
}

/** The page language ("uk" | "en") for loaders and actions. */
export function getPageLanguage(context: Parameters<typeof getLanguage>[0]): "uk" | "en" {
  return getLanguage(context) === "en" ? "en" : "uk";
}
