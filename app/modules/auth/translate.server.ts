import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";

/** `t` for account loaders and actions: `auth`, `cabinet`, `dashboard` and `security` keys in the page's language. */
export function accountT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), ["auth", "cabinet", "dashboard", "security", "common"]);
}
