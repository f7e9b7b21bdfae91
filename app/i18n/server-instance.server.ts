import { createInstance, type InitOptions, type TFunction } from "i18next";
import { defaultNS, resources } from "./resources.ts";
import type { Language } from "./locales.ts";

// The server's i18next setup: both languages in memory, never changed after init. Mail written
// by the job worker and answers in another language take `t` from this instance; remix-i18next
// gives each request an instance made from the same options (app/middleware/i18next.ts), whose
// store reads the same message objects. The browser has its own translator (translate.ts).

export const SERVER_LANGUAGES: Language[] = ["uk", "en"];

/** The options of every server-side instance: the one below and remix-i18next's per request. */
export const serverI18nOptions = {
  resources,
  defaultNS,
  supportedLngs: SERVER_LANGUAGES,
  fallbackLng: "uk",
  lng: "uk",
  interpolation: { escapeValue: false },
  // Every message is in memory: init is synchronous, no backend.
  initAsync: false,
} satisfies InitOptions;

export const serverI18n = createInstance(serverI18nOptions);
void serverI18n.init();

/** `t` of `namespace` in `language`, whatever any request's language is. */
export function fixedT<N extends keyof typeof resources.uk>(language: Language, namespace: N): TFunction<N> {
  return serverI18n.getFixedT(language, namespace) as TFunction<N>;
}
