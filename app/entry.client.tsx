import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { buildInstrumentation } from "./modules/build-info/navigation-instrumentation";

// Initialise synchronously with the language the server rendered, so hydration matches.
const language = document.documentElement.lang === "en" ? "en" : "uk";
// Only this page's language is downloaded; the other one follows if the user switches.
const messages = language === "en" ? (await import("./i18n/bundles/en")).default : (await import("./i18n/bundles/uk")).default;
// The other language, should a client navigation ever need it, arrives on demand.
const otherLanguageBundles = {
  type: "backend" as const,
  init() {},
  read(lng: string, ns: string, callback: (error: unknown, data: unknown) => void) {
    (lng === "en" ? import("./i18n/bundles/en") : import("./i18n/bundles/uk"))
      .then((bundle) => callback(null, (bundle.default as Record<string, unknown>)[ns] ?? {}))
      .catch((error: unknown) => callback(error, null));
  },
};
void i18next.use(otherLanguageBundles).use(initReactI18next).init({
  resources: { [language]: messages },
  partialBundledLanguages: true,
  ns: Object.keys(messages),
  lng: language,
  // Both locales hold every key (a test checks), so the page's own language is its fallback.
  fallbackLng: language,
  defaultNS: "common",
  initAsync: false,
  interpolation: { escapeValue: false },
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter instrumentations={[buildInstrumentation]} />
      </StrictMode>
    </I18nextProvider>,
  );
});
