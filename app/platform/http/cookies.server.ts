import { parse as parseCookie } from "cookie-es";
import { createCookie, type Cookie } from "react-router";
import { getConfig } from "#app/platform/config/config.server.ts";
import { LOCALE_COOKIE } from "#app/i18n/locales.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every cookie the app sets carries Secure when the public origin is https (behind TLS). */
export function secure() {
  return (getConfig().publicUrl ?? "").startsWith("https:");
}

/** Plain `ua`/`us` value (not React Router's encoded form), as the locale cookie is documented (docs/product.md#cookies-and-consent). */
export function serializeLocaleCookie(locale: "ua" | "us"): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

export function serializeThemeCookie(theme: "light" | "dark"): string {
  return `theme=${theme}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

/** The visitor's theme: dark only when the cookie says so. */
export function readTheme(request: Request): "light" | "dark" {
  return readCookie(request, "theme") === "dark" ? "dark" : "light";
}

/** The app's one cookie reader (cookie-es): a value that is not valid percent-encoding comes back as sent, never an error. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  return parseCookie(header, { filter: (key) => key === name })[name];
}

/**
 * A signed, HTTP-only, SameSite=Lax cookie of the app: Secure and the signing secret come from
 * the config, so it is built again when the config changes (tests switch it); `onBuild` then
 * drops what was read with the old one.
 */
export function signedCookie(
  name: string,
  { path = "/", maxAge, onBuild }: { path?: string; maxAge: number; onBuild?: () => void },
): () => Cookie {
  let cookie: Cookie | undefined;
  let builtFor: object | undefined;
  return () => {
    if (!cookie || builtFor !== getConfig()) {
      cookie = createCookie(name, {
        path,
        httpOnly: true,
        sameSite: "lax",
        secure: secure(),
        secrets: [getConfig().sessionSecret],
        maxAge,
      });
      builtFor = getConfig();
      onBuild?.();
    }
    return cookie;
  };
}

/** One-shot messages from an action to the next page (a toast, or a notice without JS). */
export const getFlashCookie = signedCookie("__flash", { maxAge: 60 });
