import { createCookie } from "react-router";
import { getConfig } from "../config/config.server.ts";
import { LOCALE_COOKIE } from "~/i18n/locales";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function secure() {
  return getConfig().env === "production" && (getConfig().publicUrl ?? "").startsWith("https:");
}

/** Plain `ua`/`us` value (not React Router's encoded form), as SPEC's cookie reads. */
export function serializeLocaleCookie(locale: "ua" | "us"): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

export function serializeThemeCookie(theme: "light" | "dark"): string {
  return `theme=${theme}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

let flashCookie: ReturnType<typeof createCookie> | undefined;
/** One-shot messages from an action to the next page (a toast, or a notice without JS). */
export function getFlashCookie() {
  flashCookie ??= createCookie("__flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    secrets: [getConfig().sessionSecret],
    maxAge: 60,
  });
  return flashCookie;
}
