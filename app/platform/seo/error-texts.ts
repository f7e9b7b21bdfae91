import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";
import { translate } from "#app/i18n/translate.ts";
import { foreignOriginRefusal } from "#app/platform/http/foreign-origin.ts";

export type ErrorVariant = "bad_request" | "forbidden" | "not_found" | "too_large" | "too_many" | "unavailable" | "server";
const VARIANTS: Partial<Record<number, ErrorVariant>> = {
  400: "bad_request",
  403: "forbidden",
  404: "not_found",
  413: "too_large",
  429: "too_many",
  503: "unavailable",
};

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function errorVariant(status: number): ErrorVariant {
  return VARIANTS[status] ?? "server";
}

/**
 * An error page's <head>: its localized title and description, and nothing that names the
 * address as a page (no canonical, hreflang or og:url): it does not exist, and a hostile
 * 16 KB path would otherwise be written a dozen more times. Works with no loader data (an
 * error thrown by middleware, such as a guard's 403, stops every loader, the root's included).
 */
export function errorMeta(error: unknown, pathname: string): MetaDescriptor[] {
  const variant = errorVariant(errorStatus(error));
  const language = languageOf(localeFromPath(pathname));
  const refusal = foreignOriginRefusal(error);
  if (refusal) {
    return [
      { title: translate(language, "common", "error.foreign_origin_title") },
      { name: "description", content: translate(language, "common", "error.foreign_origin_description", { expected: refusal.expected }) },
    ];
  }
  return [
    { title: translate(language, "common", `error.${variant}_title`, { path: pathname }) },
    { name: "description", content: translate(language, "common", `error.${variant}_description`) },
  ];
}
