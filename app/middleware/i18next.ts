import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { localeFromPath, languageOf, type Language } from "~/i18n/locales";
import { defaultNS, resources } from "~/i18n/resources";

// The language of a page comes from its path alone (no prefix = Ukrainian); the cookie
// and Accept-Language only decide the first-visit redirect at "/" (see locale-redirect).
//
// One i18next instance per language for the whole process, made once: loaders only read
// it (`getFixedT`), so requests can share it. remix-i18next's middleware built and
// initialised a new instance on every request, a measurable part of an uncached page.
const instances = new Map<Language, i18n>(
  (["uk", "en"] as const).map((language) => {
    const instance = createInstance({ resources, defaultNS, lng: language, fallbackLng: "uk", interpolation: { escapeValue: false }, initAsync: false });
    void instance.init();
    return [language, instance];
  }),
);

const languageContext = createContext<Language>("uk");

export const i18nextMiddleware: MiddlewareFunction<Response> = ({ url, context }, next) => {
  context.set(languageContext, languageOf(localeFromPath(url.pathname)));
  return next();
};

function getLanguage(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

/** The shared i18next instance of the request's language (read-only: never change its language). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return instances.get(getLanguage(context))!;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: typeof resources.uk;
  }
}

// The typed signature only takes keys the compiler knows; these come from data.
const translators = new Map([...instances].map(([language, instance]) => [language, instance.getFixedT(language) as unknown as Translate]));

/** A language's `t` for keys known only at run time (`ns:key` from a cookie or a table). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `t` of any language, whatever the request's: an action answering for the page it came from. */
export function translatorFor(language: Language): Translate {
  return translators.get(language)!;
}

/** The page language ("uk" | "en") for loaders and actions. */
export function getPageLanguage(context: Readonly<RouterContextProvider>): "uk" | "en" {
  return getLanguage(context);
}
