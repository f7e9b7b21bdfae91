import { redirect, type MiddlewareFunction } from "react-router";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { can } from "./access.ts";
import { getCurrentUser } from "./guards.server.ts";
import { hasTwoFactor } from "./totp.server.ts";

/**
 * The dashboard's second guard, after `my-auth`: with the setting "staff must use two-factor"
 * on, a staff member without the authenticator app is sent to enrol on /cabinet/security
 * before any dashboard page or action.
 */
export const staffTwoFactorMiddleware: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  const user = getCurrentUser(context);
  if (user && can(user.role, "dashboard.view") && (await getCachedSettings()).staff_two_factor && !(await hasTwoFactor(user.id))) {
    throw redirect(`${localizePath("/cabinet/security", localeFromPath(url.pathname))}#totp`);
  }
  return next();
};
