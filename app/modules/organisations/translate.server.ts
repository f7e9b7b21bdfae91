import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";

/** The `organisations` messages in the page's language, for loaders (page titles). */
export function organisationsT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), "organisations");
}
