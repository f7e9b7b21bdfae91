import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { setFavourite } from "#app/modules/favourites/favourites.server.ts";
import { forgetPendingFavourite, readPendingFavourite } from "#app/modules/favourites/pending.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";

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
  const message =
    outcome === "saved"
      ? "adverts:favourites.flash_saved"
      : outcome === "limited"
        ? "adverts:favourites.flash_limited"
        : "adverts:favourites.flash_gone";
  return redirectWithFlash(returnTo, { severity: outcome === "saved" ? "success" : "warn", message }, { headers });
}
