import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { addHintedMessages, readMessagesHint, setMessageLoader, STAFF_NAMESPACES } from "#app/i18n/translate.ts";
import type { Language } from "#app/i18n/locales.ts";
import { buildInstrumentation } from "#app/platform/build-info/navigation-instrumentation.ts";

// Hydration needs only the messages the server wrote into the page (see i18n/translate.ts).
// The page's language bundle (without the dashboard's namespace) follows when idle; the rest
// (the other language after a switch, `admin` on a dashboard page) arrives when asked for.
const publicBundle = (language: Language) =>
  language === "en" ? import("#app/i18n/bundles/en-public.ts") : import("#app/i18n/bundles/uk-public.ts");
const staffBundle = (language: Language) =>
  language === "en" ? import("#app/locales/en/admin.json") : import("#app/locales/uk/admin.json");
setMessageLoader(async (language, namespace) => {
  if (STAFF_NAMESPACES.includes(namespace)) return { admin: (await staffBundle(language)).default };
  return publicBundle(language);
});

addHintedMessages(readMessagesHint());

// Offline reading (docs/adr/0008-offline-and-installable.md), registered once the page has
// loaded, from its own small chunk: nothing of it is in the way of the first paint. The dev
// server has no service worker.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => void import("#app/platform/offline/register.ts").then(({ registerServiceWorker }) => registerServiceWorker());
  // React Router imports this entry dynamically: the page may have finished loading already.
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[buildInstrumentation]} />
    </StrictMode>,
  );
});
