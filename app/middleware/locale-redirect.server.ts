import { isbot } from "isbot";
import { redirect, type MiddlewareFunction } from "react-router";
import { isLocaleCode, LOCALE_COOKIE, type LocaleCode } from "#app/i18n/locales.ts";
import { readCookie, serializeLocaleCookie } from "#app/platform/http/cookies.server.ts";

/** The browser's preferred locale among ours, by Accept-Language quality; null when neither is listed. */
export function preferredLocale(acceptLanguage: string | null): LocaleCode | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { base: tag.split("-")[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (entry.base === "uk" || entry.base === "en"))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  if (ranked.length === 0) return null;
  return ranked[0]!.base === "en" ? "us" : "ua";
}

/**
 * Only "/" ever redirects: a first visit (no cookie) whose browser prefers English goes
 * to /us, and the cookie remembers the choice from then on. Crawlers are never redirected.
 */
export const localeRedirectMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  if (url.pathname !== "/" || request.method !== "GET" || isbot(request.headers.get("user-agent") ?? "")) {
    return next();
  }
  const stored = readCookie(request, LOCALE_COOKIE);
  if (isLocaleCode(stored)) {
    if (stored === "us") throw redirect("/us", { headers: { Vary: "Cookie" } });
    return next();
  }
  const detected = preferredLocale(request.headers.get("accept-language")) ?? "ua";
  if (detected === "us") {
    throw redirect("/us", { headers: { "Set-Cookie": serializeLocaleCookie("us"), Vary: "Cookie, Accept-Language" } });
  }
  const response = await next();
  response.headers.append("Set-Cookie", serializeLocaleCookie("ua"));
  response.headers.append("Vary", "Cookie, Accept-Language");
  return response;
};
