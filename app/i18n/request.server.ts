import type { i18n } from "i18next";
import type { RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { localeFromPath, languageOf, type Language } from "./locales.ts";
import type { defaultNS, resources } from "./resources.ts";
import { SERVER_LANGUAGES, serverI18n, serverI18nOptions } from "./server-instance.server.ts";
import { dynamicKey } from "./translate.ts";

// The one place for a request's language and translators: the root middleware
// (app/middleware/i18next.ts) installs remix-i18next's middleware made here, and loaders,
// actions and modules read the page language and `t` through the functions below.

// The language of a page comes from its path alone (no prefix = Ukrainian, /us = English);
// the cookie and Accept-Language only decide the first-visit redirect at "/" (see
// app/middleware/locale-redirect.server.ts), so the detection order is remix-i18next's `custom` alone. Its
// instance per request is made from the server's options (server-instance.server.ts)
// and reads the same message objects as the instance mail uses: about 30 µs a request more
// than a clone, kept because remix-i18next is the stack's (docs/adr/0010-job-queue.md).
const [middleware, getLocale, getRequestInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: SERVER_LANGUAGES,
    fallbackLanguage: "uk",
    order: ["custom"],
    findLocale: async ({ url }) => languageOf(localeFromPath(url.pathname)),
  },
  i18next: serverI18nOptions,
});

/** remix-i18next's middleware (installed by app/middleware/i18next.ts): the request's language and its i18next instance into the context. */
export const requestI18nextMiddleware = middleware;

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

// For work outside a request's language (an action answering for the page it came from):
// the server's one instance, never changed.
const translators = new Map(
  SERVER_LANGUAGES.map((language) => {
    const t = serverI18n.getFixedT(language);
    // A key built at run time passes i18next's typed signature with a default (dynamicKey).
    const translate: Translate = (key, options) => t(key, dynamicKey(key, options));
    return [language, translate];
  }),
);

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
