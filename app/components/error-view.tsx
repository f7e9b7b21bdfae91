import { isRouteErrorResponse, useLocation } from "react-router";
import { useT } from "~/hooks/use-t";
import { languageOf, localeFromPath } from "~/i18n/locales";
import { translate } from "~/i18n/translate";
import { LocalizedLink } from "./localized-link";

type Variant = "bad_request" | "forbidden" | "not_found" | "too_large" | "too_many" | "unavailable" | "server";
const VARIANTS: Partial<Record<number, Variant>> = { 400: "bad_request", 403: "forbidden", 404: "not_found", 413: "too_large", 429: "too_many", 503: "unavailable" };

function errorVariant(status: number): Variant {
  return VARIANTS[status] ?? "server";
}

/**
 * The error's localized title, for <title> when no loader ran (an error thrown by
 * middleware, such as a guard's 403, stops every loader, the root's included).
 */
export function errorTitle(error: unknown, pathname: string): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return translate(languageOf(localeFromPath(pathname)), "common", `error.${errorVariant(status)}_title`, { path: pathname });
}

/** SPEC §8: 404 reads "Page Not Found: {path}", every other status "Internal Server Error" (localized). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const variant = errorVariant(status);
  if (status >= 500 && !isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">{status}</p>
      <h1 id="error-title">
        {variant === "not_found" ? t("error.not_found_title", { path: pathname }) : t(`error.${variant}_title`)}
      </h1>
      <p>{t(`error.${variant}_description`)}</p>
      <p>
        <LocalizedLink to="/" className="button">
          {t("error.home_link")}
        </LocalizedLink>
      </p>
    </section>
  );
}
