import { isRouteErrorResponse, useLocation } from "react-router";
import { useT } from "~/hooks/use-t";
import { errorStatus, errorVariant } from "~/modules/seo/error-texts";
import { LocalizedLink } from "./localized-link";

/** SPEC §8: 404 reads "Page Not Found: {path}", every other status "Internal Server Error" (localized). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const variant = errorVariant(status);
  // Only the browser's own render errors: on the server, handleError (entry.server.tsx) has
  // already logged the original, and this is React Router's stackless copy of it, printed even
  // for a request whose client hung up mid-load (which handleError rightly leaves out).
  if (typeof document !== "undefined" && status >= 500 && !isRouteErrorResponse(error)) console.error(error);
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
