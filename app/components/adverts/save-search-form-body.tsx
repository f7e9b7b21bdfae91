import { Form, useLocation } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useSession } from "#app/modules/auth/session-status.tsx";
import type { SaveSearchResult } from "#app/modules/saved-searches/save-action.server.ts";
import { SAVED_SEARCH_NAME_MAX } from "#app/modules/saved-searches/limits.ts";
import { useAdvertsT } from "./use-adverts-t.ts";
import { useMessage } from "./use-message.ts";

/**
 * "Save this search" under the advert filters: a name and a button (a plain post to the page
 * itself, so it works without JS; the page's address is what gets saved). Signed-out visitors
 * get a link to sign in and come back. Loaded through save-search-form.tsx.
 */
export default function SaveSearchFormBody({ defaultName, result }: { defaultName: string; result?: SaveSearchResult | null }) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status !== "authenticated") {
    return (
      <p className="saved-search-form">
        <LocalizedLink to={`/login?redirect=${encodeURIComponent(pathname + search)}`} className="button button--secondary" rel="nofollow">
          {t("saved_search.sign_in")}
        </LocalizedLink>
      </p>
    );
  }
  const failed = result?.saveSearch ?? null;
  return (
    <details className="saved-search-form" open={failed ? true : undefined}>
      <summary>{t("saved_search.open")}</summary>
      <Form method="post" action={pathname + search} className="saved-search-form__row">
        <input type="hidden" name="intent" value="save-search" />
        <div className="field">
          <label htmlFor="saved-search-name">{t("saved_search.name")}</label>
          <input
            id="saved-search-name"
            name="name"
            defaultValue={failed?.name ?? defaultName}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? "saved-search-error" : "saved-search-hint"}
          />
          {failed ? (
            <p id="saved-search-error" className="field__error" role="alert">
              {message(failed.error)}
            </p>
          ) : (
            <p id="saved-search-hint" className="field__hint">
              {t("saved_search.hint")}
            </p>
          )}
        </div>
        <button type="submit" className="button">
          {t("saved_search.submit")}
        </button>
      </Form>
    </details>
  );
}
