import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";

/** `t` for account loaders and actions: `auth`, `cabinet` and `dashboard` keys in the page's language. */
export function accountT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), ["auth", "cabinet", "dashboard", "common"]);
}
