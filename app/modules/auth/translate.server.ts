import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";

/** `t` for account loaders and actions: `auth`, `cabinet`, `dashboard` and `security` keys in the page's language. */
export function accountT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), ["auth", "cabinet", "dashboard", "security", "common"]);
}
