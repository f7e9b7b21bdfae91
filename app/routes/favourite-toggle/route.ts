import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { languageOf, localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { favouriteRetryAfter, setFavourite } from "#app/modules/favourites/favourites.server.ts";
import { rememberPendingFavourite } from "#app/modules/favourites/pending.server.ts";
import type { FavouriteResult } from "#app/modules/favourites/result.ts";
import { flashToast, redirectWithFlash, type Flash } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { favouriteSchema } from "./schema.ts";
import { invariantResponse, methodNotAllowed } from "#app/platform/http/errors.ts";

const FLASH = {
  saved: { severity: "success", message: "adverts:favourites.flash_saved" },
  removed: { severity: "info", message: "adverts:favourites.flash_removed" },
  not_found: { severity: "warn", message: "adverts:favourites.flash_gone" },
  limited: { severity: "warn", message: "adverts:favourites.flash_limited" },
} as const satisfies Record<string, Flash>;

export { headers } from "#app/platform/http/route-headers.ts";

/** POST /favourites: save or remove; signed-out visitors sign in first and the save follows. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = favouriteSchema.safeParse(Object.fromEntries(await readForm(request)));
  invariantResponse(parsed.success);
  const { intent, advertId, inline } = parsed.data;
  const returnTo = safeRedirectPath(parsed.data.returnTo, "/advertisement");
  const user = getCurrentUser(context);
  if (!user) {
    const login = `${localizePath("/login", localeFromPath(returnTo))}?redirect=${encodeURIComponent("/favourites/resume")}`;
    const headers = intent === "save" ? { "Set-Cookie": await rememberPendingFavourite({ advertId, returnTo }) } : undefined;
    return redirect(login, { headers });
  }
  const outcome = await setFavourite(user.id, advertId, intent === "save");
  const flash = FLASH[outcome];
  const status = outcome === "limited" ? 429 : outcome === "not_found" ? 404 : 200;
  if (inline) {
    // In the language of the page the toggle is on (the action's own path has none).
    const toast = flashToast(flash, translatorFor(languageOf(localeFromPath(returnTo))));
    const headers = outcome === "limited" ? { "Retry-After": String(await favouriteRetryAfter(user.id)) } : undefined;
    return data<FavouriteResult>({ saved: outcome === "saved", toast }, { status, headers });
  }
  return redirectWithFlash(returnTo, flash);
}

/**
 * With JS the toggle asks for data (inline) and its toast shows from here, not from the
 * toggle: removing a favourite in the cabinet removes its card, toggle and all, in the same
 * render that brings the answer, so a toast left to the toggle never showed.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const result = await serverAction();
  if (result && typeof result === "object" && "toast" in result)
    window.dispatchEvent(new CustomEvent("toast:add", { detail: result.toast }));
  return result;
}

export function loader() {
  methodNotAllowed("POST");
}
