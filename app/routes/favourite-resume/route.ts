import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { getCurrentUser } from "~/modules/auth/guards.server";
import { setFavourite } from "~/modules/favourites/favourites.server";
import { forgetPendingFavourite, readPendingFavourite } from "~/modules/favourites/pending.server";
import { redirectWithFlash } from "~/modules/http/flash.server";
import { safeRedirectPath } from "~/modules/http/safe-redirect";

/**
 * Where sign-in sends a visitor who pressed "Save" while signed out: the save they asked for
 * (remembered in a signed cookie only our POST sets), then back to the advert.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = await readPendingFavourite(request);
  const user = getCurrentUser(context);
  if (!pending) return redirect(localizePath("/cabinet/favourites", "ua"));
  const returnTo = safeRedirectPath(pending.returnTo, "/advertisement");
  if (!user) return redirect(`${localizePath("/login", localeFromPath(returnTo))}?redirect=${encodeURIComponent("/favourites/resume")}`);
  const outcome = await setFavourite(user.id, pending.advertId, true);
  const headers = { "Set-Cookie": await forgetPendingFavourite() };
  const message = outcome === "saved" ? "adverts:favourites.flash_saved" : outcome === "limited" ? "adverts:favourites.flash_limited" : "adverts:favourites.flash_gone";
  return redirectWithFlash(returnTo, { severity: outcome === "saved" ? "success" : "warn", message }, { headers });
}
