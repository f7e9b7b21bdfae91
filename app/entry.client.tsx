import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultNS, resources } from "./i18n/resources";

// Initialise synchronously with the language the server rendered, so hydration matches.
const language = document.documentElement.lang === "en" ? "en" : "uk";
void i18next.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: "uk",
  defaultNS,
  initAsync: false,
  interpolation: { escapeValue: false },
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
