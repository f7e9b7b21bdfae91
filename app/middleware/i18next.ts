import { createInstance, type i18n, type InitOptions } from "i18next";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { localeFromPath, languageOf, type Language } from "#app/i18n/locales.ts";
import { defaultNS, resources } from "#app/i18n/resources.ts";

// The language of a page comes from its path alone (no prefix = Ukrainian, /us = English);
// the cookie and Accept-Language only decide the first-visit redirect at "/" (see
// locale-redirect.server.ts), so the detection order is remix-i18next's `custom` alone.
const LANGUAGES: Language[] = ["uk", "en"];
const options = {
  resources,
  defaultNS,
  supportedLngs: LANGUAGES,
  fallbackLng: "uk",
  interpolation: { escapeValue: false },
  // Every message is in memory: init is synchronous, no backend.
  initAsync: false,
} satisfies InitOptions;

const [middleware, getLocale, getRequestInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: LANGUAGES,
    fallbackLanguage: "uk",
    order: ["custom"],
    findLocale: async ({ url }) => languageOf(localeFromPath(url.pathname)),
  },
  i18next: options,
});

/** remix-i18next's middleware: the request's language and its own i18next instance into the context. */
export const i18nextMiddleware: MiddlewareFunction<Response> = middleware;

/** The request's i18next instance (remix-i18next), in the page's language. */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return getRequestInstance(context);
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: typeof resources.uk;
  }
}

// For work outside a request's language (an action answering for the page it came from,
// mail in the recipient's language): one read-only instance for the process, never changed.
const shared = createInstance({ ...options, lng: "uk" });
void shared.init();
const translators = new Map(LANGUAGES.map((language) => [language, shared.getFixedT(language) as unknown as Translate]));

/** A language's `t` for keys known only at run time (`ns:key` from a cookie or a table). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `t` of any language, whatever the request's: an action answering for the page it came from. */
export function translatorFor(language: Language): Translate {
  return translators.get(language)!;
}

/** The page language ("uk" | "en") for loaders and actions. */
export function getPageLanguage(context: Readonly<RouterContextProvider>): Language {
  return getLocale(context) as Language;
}
