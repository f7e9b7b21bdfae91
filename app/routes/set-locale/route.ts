import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { isLocaleCode, localizePath, stripLocale } from "#app/i18n/locales.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { serializeLocaleCookie } from "#app/platform/http/cookies.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { notFound } from "#app/platform/http/errors.ts";

/** The language switcher: remember the choice, then show the same page in that language. */
export function loader({ params, url }: Route.LoaderArgs) {
  if (!isLocaleCode(params.locale)) notFound();
  const target = new URL(safeRedirectPath(url.searchParams.get("to")), publicOrigin());
  const path = localizePath(stripLocale(target.pathname), params.locale) + target.search;
  return redirect(path, { headers: { "Set-Cookie": serializeLocaleCookie(params.locale), "Cache-Control": "no-store" } });
}
