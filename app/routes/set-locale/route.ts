import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { isLocaleCode, localizePath, stripLocale } from "~/i18n/locales";
import { publicOrigin } from "~/modules/config/config.server";
import { serializeLocaleCookie } from "~/modules/http/cookies.server";
import { safeRedirectPath } from "~/modules/http/safe-redirect";

/** The language switcher: remember the choice, then show the same page in that language. */
export function loader({ params, url, context }: Route.LoaderArgs) {
  if (!isLocaleCode(params.locale)) throw new Response(null, { status: 404 });
  const target = new URL(safeRedirectPath(url.searchParams.get("to")), publicOrigin(context));
  const path = localizePath(stripLocale(target.pathname), params.locale) + target.search;
  return redirect(path, { headers: { "Set-Cookie": serializeLocaleCookie(params.locale), "Cache-Control": "no-store" } });
}
