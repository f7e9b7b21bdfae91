import { isRouteErrorResponse, useLocation } from "react-router";
import { useT } from "#app/hooks/use-t.ts";
import { foreignOriginRefusal } from "#app/platform/http/foreign-origin.ts";
import { errorStatus, errorVariant } from "#app/platform/seo/error-texts.ts";
import { LocalizedLink } from "./localized-link.tsx";

/** docs/product.md#errors: 404 reads "Page Not Found: {path}", every other status "Internal Server Error" (localized). */
export function ErrorView({ error }: { error: unknown }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const variant = errorVariant(status);
  // Only the browser's own render errors: on the server, handleError (entry.server.tsx) has
  // already logged the original, and this is React Router's stackless copy of it, printed even
  // for a request whose client hung up mid-load (which handleError rightly leaves out).
  if (typeof document !== "undefined" && status >= 500 && !isRouteErrorResponse(error)) console.error(error);
  const refusal = foreignOriginRefusal(error);
  if (refusal) {
    // A post from an address PUBLIC_URL does not name: say so, and where the portal is.
    return (
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-page__code">{status}</p>
        <h1 id="error-title">{t("error.foreign_origin_title")}</h1>
        <p>{t("error.foreign_origin_description", { expected: refusal.expected })}</p>
        <p>
          <a href={`${refusal.expected}/`} className="button">
            {t("error.foreign_origin_link", { expected: refusal.expected })}
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">{status}</p>
      <h1 id="error-title">{variant === "not_found" ? t("error.not_found_title", { path: pathname }) : t(`error.${variant}_title`)}</h1>
      <p>{t(`error.${variant}_description`)}</p>
      <p>
        <LocalizedLink to="/" className="button">
          {t("error.home_link")}
        </LocalizedLink>
      </p>
    </section>
  );
}
