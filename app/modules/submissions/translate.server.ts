import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";

/** The `submissions` messages in the page's language, for loaders (page titles). */
export function submissionsT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), "submissions");
}
