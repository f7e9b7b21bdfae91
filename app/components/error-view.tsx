import { isRouteErrorResponse, useLocation } from "react-router";
import { useT } from "~/hooks/use-t";
import { languageOf, localeFromPath } from "~/i18n/locales";
import enCommon from "~/locales/en/common.json";
import ukCommon from "~/locales/uk/common.json";
import { LocalizedLink } from "./localized-link";

function errorVariant(status: number) {
  return status === 404 ? "not_found" : status === 403 ? "forbidden" : status === 429 ? "too_many" : "server";
}

/**
 * The error's localized title, for <title> when no loader ran (an error thrown by
 * middleware, such as a guard's 403, stops every loader, the root's included).
 */
export function errorTitle(error: unknown, pathname: string): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Just the common strings: the full message bundles are loaded per language elsewhere.
  const messages = (languageOf(localeFromPath(pathname)) === "en" ? enCommon : ukCommon).error;
  return messages[`${errorVariant(status)}_title`].replace("{{path}}", pathname);
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
